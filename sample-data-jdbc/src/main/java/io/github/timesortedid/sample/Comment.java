package io.github.timesortedid.sample;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A comment on a post, with a {@code snowflake} {@code Long} ID. An aggregate of its own rather
 * than an entity inside {@link Post}: comments are added and read one at a time by their own ID
 * ({@code /comments/{id}}), and Spring Data JDBC saves an aggregate whole, so a comment inside the
 * post would rewrite every comment of the post on each new one.
 */
@Table
public class Comment {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id;

	private AggregateReference<Post, PostId> post;

	/** The comment this one answers, or {@code null}. */
	private Long replyTo;

	private String text;

	Comment() {
	}

	Comment(Post post, Long replyTo, String text) {
		this.post = AggregateReference.to(post.getId());
		this.replyTo = replyTo;
		this.text = text;
	}

	public Long getId() {
		return this.id;
	}

	public AggregateReference<Post, PostId> getPost() {
		return this.post;
	}

	public Long getReplyTo() {
		return this.replyTo;
	}

	public String getText() {
		return this.text;
	}

}
