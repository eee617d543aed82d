package io.github.timesortedid.sample;

import java.net.URI;
import java.time.Instant;

import io.github.timesortedid.insert.InsertResult;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
class PostController {

	private final PostRepository posts;

	private final AccountRepository accounts;

	private final Ids ids;

	PostController(PostRepository posts, AccountRepository accounts, Ids ids) {
		this.posts = posts;
		this.accounts = accounts;
		this.ids = ids;
	}

	@PostMapping("/posts")
	@Transactional
	ResponseEntity<PostView> create(@Valid @RequestBody CreatePost request) {
		Post post = this.posts.save(new Post(account(request), request.title(), request.body()));
		return ResponseEntity.created(URI.create("/posts/" + post.getId())).body(view(post));
	}

	/**
	 * Creates the post under an ID the client chose (from {@code GET /ids/new?type=post}), so the
	 * client can retry after a timeout: 201 when this request created it, 200 with the same
	 * representation when it was already there with the same data, 409 when the ID holds other data.
	 */
	@PutMapping("/posts/{id}")
	ResponseEntity<PostView> put(@PathVariable String id, @Valid @RequestBody CreatePost request) {
		String postId = this.ids.check("Post", "id", id);
		Account account = account(request);
		InsertResult<Post> result = this.posts.insert(new Post(postId, account, request.title(), request.body()));
		PostView view = view(result.entity());
		return result.created() ? ResponseEntity.created(URI.create("/posts/" + postId)).body(view)
				: ResponseEntity.ok(view);
	}

	@GetMapping("/posts/{id}")
	@Transactional(readOnly = true)
	PostView get(@PathVariable String id) {
		return view(this.posts.findById(this.ids.check("Post", "id", id)).orElseThrow(() -> new NotFoundException("Post", id)));
	}

	private Account account(CreatePost request) {
		String accountId = this.ids.check("Account", "accountId", request.accountId());
		return this.accounts.findById(accountId)
			.orElseThrow(() -> new InvalidReferenceException("accountId", "Account " + accountId + " does not exist"));
	}

	private PostView view(Post post) {
		return new PostView(post.getId(), post.getAccount().getId(), post.getTitle(), post.getBody(),
				this.ids.createdAt("Post", post.getId()));
	}

	record CreatePost(@NotBlank String accountId, @NotBlank @Size(max = 255) String title,
			@NotBlank @Size(max = 10_000) String body) {
	}

	record PostView(String id, String accountId, String title, String body, Instant createdAt) {
	}

}
