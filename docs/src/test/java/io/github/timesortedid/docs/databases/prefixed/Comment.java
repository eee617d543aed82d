package io.github.timesortedid.docs.databases.prefixed;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

/** A comment, whose own key stays a {@code bigserial} while its post's key changes. */
@Entity
public class Comment {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	@ManyToOne(optional = false)
	private Post post;

	private String body;

	protected Comment() {
	}

	public Comment(Post post, String body) {
		this.post = post;
		this.body = body;
	}

}
