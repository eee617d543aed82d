package io.github.timesortedid.jdbc.blog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate root with a prefixed ID, a list of comments, a set of tags and a map of attachments
 * (entities with their own IDs), a reference to another aggregate by its typed ID, and a
 * {@code @TimeSortedId} attribute that is not its ID.
 */
@Table
public class Post {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	private String title;

	// tag::reference[]
	private AggregateReference<Author, AuthorId> authorId;
	// end::reference[]

	// tag::other-attribute[]
	@TimeSortedId(algorithm = "random")
	private String shareToken;
	// end::other-attribute[]

	private List<Comment> comments = new ArrayList<>();

	private Set<Tag> tags = new LinkedHashSet<>();

	private Map<String, Attachment> attachments = new LinkedHashMap<>();

	Post() {
	}

	public Post(String title, AuthorId author) {
		this(null, title, author);
	}

	public Post(String id, String title, AuthorId author) {
		this.id = id;
		this.title = title;
		this.authorId = AggregateReference.to(author);
	}

	public String getId() {
		return this.id;
	}

	public String getTitle() {
		return this.title;
	}

	public void setTitle(String title) {
		this.title = title;
	}

	public AggregateReference<Author, AuthorId> getAuthorId() {
		return this.authorId;
	}

	public String getShareToken() {
		return this.shareToken;
	}

	public List<Comment> getComments() {
		return this.comments;
	}

	public Set<Tag> getTags() {
		return this.tags;
	}

	public Map<String, Attachment> getAttachments() {
		return this.attachments;
	}

	public Post tag(String name) {
		this.tags.add(Tag.named(name));
		return this;
	}

	public Post attach(String name, String fileName) {
		this.attachments.put(name, new Attachment(fileName));
		return this;
	}

	public Post comment(String body) {
		this.comments.add(new Comment(body));
		return this;
	}

}
