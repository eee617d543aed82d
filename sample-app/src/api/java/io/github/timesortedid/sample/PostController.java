package io.github.timesortedid.sample;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.query.IdResolver;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
class PostController {

	private static final int MAX_LIMIT = 1000;

	private final PostRepository posts;

	private final AccountRepository accounts;

	private final IdResolver ids;

	PostController(PostRepository posts, AccountRepository accounts, IdResolver ids) {
		this.posts = posts;
		this.accounts = accounts;
		this.ids = ids;
	}

	@PostMapping("/posts")
	@Transactional
	ResponseEntity<PostView> create(@Valid @RequestBody CreatePost request) {
		Post post = this.posts.save(new Post(account(request), request.title(), request.body()));
		return ResponseEntity.created(URI.create("/posts/" + post.getId().value())).body(view(post));
	}

	/**
	 * Creates the post under an ID the client chose (from {@code GET /ids/new?type=post}), so the
	 * client can retry after a timeout: 201 when this request created it, 200 with the same
	 * representation when it was already there with the same data, 409 when the ID holds other data.
	 */
	@PutMapping("/posts/{id}")
	ResponseEntity<PostView> put(@PathVariable PostId id, @Valid @RequestBody CreatePost request) {
		InsertResult<Post> result = this.posts.insert(new Post(id, account(request), request.title(), request.body()));
		PostView view = view(result.entity());
		return result.created() ? ResponseEntity.created(URI.create("/posts/" + id.value())).body(view)
				: ResponseEntity.ok(view);
	}

	@GetMapping("/posts/{id}")
	@Transactional(readOnly = true)
	PostView get(@PathVariable PostId id) {
		return view(this.posts.findById(id).orElseThrow(() -> new NotFoundException("Post", id.value())));
	}

	/**
	 * Lists posts, each query a range of the primary key: {@code from}/{@code to} (created in
	 * {@code [from, to)}, oldest first), or pages of {@code limit} after an ID (oldest first) or, with
	 * {@code order=desc}, before an ID (newest first).
	 */
	@GetMapping("/posts")
	@Transactional(readOnly = true)
	List<PostView> list(@RequestParam(required = false) Instant from, @RequestParam(required = false) Instant to,
			@RequestParam(required = false) PostId after, @RequestParam(required = false) PostId before,
			@RequestParam(required = false) Integer limit, @RequestParam(defaultValue = "asc") String order) {
		if (!order.equals("asc") && !order.equals("desc")) {
			throw new InvalidParameterException("order", "order is asc or desc, not '" + order + "'");
		}
		boolean byTime = from != null || to != null;
		if (byTime && (after != null || before != null || limit != null || order.equals("desc"))) {
			throw new InvalidParameterException(from != null ? "from" : "to",
					"from/to select a time range; they do not combine with after, before, limit or order");
		}
		if (byTime) {
			if (from != null && to != null && !from.isBefore(to)) {
				throw new InvalidParameterException("from", "from (" + from + ") must be before to (" + to + ")");
			}
			List<Post> found = (from == null) ? this.posts.findCreatedBefore(to)
					: (to == null) ? this.posts.findCreatedSince(from) : this.posts.findCreatedBetween(from, to);
			return found.stream().map(this::view).toList();
		}
		int pageSize = (limit != null) ? limit : 20;
		if (pageSize < 1 || pageSize > MAX_LIMIT) {
			throw new InvalidParameterException("limit", "limit is between 1 and " + MAX_LIMIT + ", not " + pageSize);
		}
		if (order.equals("asc") && before != null) {
			throw new InvalidParameterException("before", "before pages newest first; add order=desc, or use after");
		}
		if (order.equals("desc") && after != null) {
			throw new InvalidParameterException("after", "after pages oldest first; drop order=desc, or use before");
		}
		List<Post> page = order.equals("asc") ? this.posts.findPageAfter(after, pageSize)
				: this.posts.findPageBefore(before, pageSize);
		return page.stream().map(this::view).toList();
	}

	private Account account(CreatePost request) {
		return this.accounts.findById(request.accountId())
			.orElseThrow(() -> new InvalidReferenceException("accountId",
					"Account " + request.accountId().value() + " does not exist"));
	}

	private PostView view(Post post) {
		return new PostView(post.getId(), post.getAccount().getId(), post.getTitle(), post.getBody(),
				this.ids.parse(post.getId().value()).createdAt().orElseThrow());
	}

	record CreatePost(@NotNull AccountId accountId, @NotBlank @Size(max = 255) String title,
			@NotBlank @Size(max = 10_000) String body) {
	}

	record PostView(PostId id, AccountId accountId, String title, String body, Instant createdAt) {
	}

}
