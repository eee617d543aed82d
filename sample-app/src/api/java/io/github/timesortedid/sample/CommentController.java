package io.github.timesortedid.sample;

import java.net.URI;
import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.github.timesortedid.query.IdResolver;
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

/**
 * Comments, whose {@code snowflake} IDs are {@code Long}s. The views are records without the
 * entity's {@code @TimeSortedId}, so each ID attribute says with Jackson's own
 * {@code @JsonFormat(shape = STRING)} that it is a JSON string, {@code "2124591150973530270"}:
 * a browser keeps every digit of it, and reads it back from a string or a number.
 */
@RestController
class CommentController {

	private final CommentRepository comments;

	private final PostRepository posts;

	private final IdResolver ids;

	CommentController(CommentRepository comments, PostRepository posts, IdResolver ids) {
		this.comments = comments;
		this.posts = posts;
		this.ids = ids;
	}

	@PostMapping("/posts/{postId}/comments")
	@Transactional
	ResponseEntity<CommentView> create(@PathVariable PostId postId, @Valid @RequestBody CreateComment request) {
		Post post = this.posts.findById(postId).orElseThrow(() -> new NotFoundException("Post", postId.value()));
		if (request.replyTo() != null && !this.comments.existsById(request.replyTo())) {
			throw new InvalidReferenceException("replyTo", "Comment " + request.replyTo() + " does not exist");
		}
		Comment comment = this.comments.save(new Comment(post, request.replyTo(), request.text()));
		return ResponseEntity.created(URI.create("/comments/" + comment.getId())).body(view(comment));
	}

	@GetMapping("/comments/{id}")
	@Transactional(readOnly = true)
	CommentView get(@PathVariable Long id) {
		return view(this.comments.findById(id).orElseThrow(() -> new NotFoundException("Comment", id.toString())));
	}

	private CommentView view(Comment comment) {
		return new CommentView(comment.getId(), comment.getPost().getId(), comment.getReplyTo(), comment.getText(),
				this.ids.parse(comment.getId().toString()).createdAt().orElseThrow());
	}

	record CreateComment(@JsonFormat(shape = JsonFormat.Shape.STRING) Long replyTo,
			@NotBlank @Size(max = 2_000) String text) {
	}

	record CommentView(@JsonFormat(shape = JsonFormat.Shape.STRING) Long id, PostId postId,
			@JsonFormat(shape = JsonFormat.Shape.STRING) Long replyTo, String text, Instant createdAt) {
	}

}
