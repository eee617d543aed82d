package io.github.timesortedid.docs.partitions;

import java.util.LinkedHashSet;
import java.util.Set;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;

// tag::entity[]
@Entity
public class Post {

	@Id
	@TimeSortedId(prefix = "post")
	private String id;

	private String title;

	@ElementCollection(fetch = FetchType.EAGER)
	@CollectionTable(name = "post_tag")      // partitioned with post, by post_id
	private Set<String> tags = new LinkedHashSet<>();

	// end::entity[]
	protected Post() {
	}

	public Post(String title, String... tags) {
		this.title = title;
		this.tags.addAll(Set.of(tags));
	}

	public String getId() {
		return this.id;
	}

	public String getTitle() {
		return this.title;
	}

	public Set<String> getTags() {
		return this.tags;
	}

	// tag::entity[]
}
// end::entity[]
