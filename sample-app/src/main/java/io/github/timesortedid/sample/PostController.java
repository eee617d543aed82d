package io.github.timesortedid.sample;

import java.net.URI;
import java.time.Instant;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
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
		String accountId = this.ids.check("Account", "accountId", request.accountId());
		Account account = this.accounts.findById(accountId)
			.orElseThrow(() -> new InvalidReferenceException("accountId", "Account " + accountId + " does not exist"));
		Post post = this.posts.save(new Post(account, request.title(), request.body()));
		return ResponseEntity.created(URI.create("/posts/" + post.getId())).body(view(post));
	}

	@GetMapping("/posts/{id}")
	@Transactional(readOnly = true)
	PostView get(@PathVariable String id) {
		return view(this.posts.findById(this.ids.check("Post", "id", id)).orElseThrow(() -> new NotFoundException("Post", id)));
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
