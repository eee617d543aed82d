package io.github.timesortedid.docs.quickstart;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Posts over HTTP: an ID minted ahead, a retry-safe {@code PUT} under it, a time range. */
@RestController
class PostController {

	private final TimeSortedIds ids;

	private final PostRepository posts;

	PostController(TimeSortedIds ids, PostRepository posts) {
		this.ids = ids;
		this.posts = posts;
	}

	// tag::mint[]
	@GetMapping("/ids/new")
	Map<String, String> newId(@RequestParam String type) {
		return Map.of("id", this.ids.nextWithPrefix(type)); // "post" -> post_01m80…
	}
	// end::mint[]

	// tag::put[]
	@PutMapping("/posts/{id}")
	ResponseEntity<Post> put(@PathVariable String id, @RequestBody PostRequest request) {
		Post post = new Post(request.accountId(), request.title(), request.body());
		post.setId(id); // the client's ID: a retried request sends the same one
		InsertResult<Post> result = this.posts.insert(post);
		return ResponseEntity.status(result.created() ? HttpStatus.CREATED : HttpStatus.OK).body(result.entity());
	}

	@ExceptionHandler
	ProblemDetail conflict(InsertConflictException ex) { // the same ID with other data
		return ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, ex.getMessage());
	}
	// end::put[]

	// tag::range[]
	@GetMapping("/posts")
	List<Post> createdBetween(@RequestParam Instant from, @RequestParam Instant to) {
		return this.posts.findCreatedBetween(from, to); // a range of the primary key, oldest first
	}
	// end::range[]

	/**
	 * The body of a {@code PUT}.
	 *
	 * @param accountId the author
	 * @param title the title
	 * @param body the text
	 */
	record PostRequest(String accountId, String title, String body) {
	}

}
