package io.github.timesortedid.sample;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;

/**
 * A comment on a post, with a {@code snowflake} {@code Long} ID: a 64-bit number above 2^53, the
 * largest integer up to which a JavaScript number is exact, so the API writes it as a JSON string.
 */
@Entity
public class Comment {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id;

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	@JoinColumn(name = "post_id")
	private Post post;

	/** The comment this one answers, or {@code null}. */
	private Long replyTo;

	@Column(nullable = false, length = 2_000)
	private String text;

	protected Comment() {
	}

	Comment(Post post, Long replyTo, String text) {
		this.post = post;
		this.replyTo = replyTo;
		this.text = text;
	}

	public Long getId() {
		return this.id;
	}

	public Post getPost() {
		return this.post;
	}

	public Long getReplyTo() {
		return this.replyTo;
	}

	public String getText() {
		return this.text;
	}

}
