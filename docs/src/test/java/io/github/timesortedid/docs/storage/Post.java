package io.github.timesortedid.docs.storage;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A post whose key is stored as a {@code uuid}, by its annotation. */
@Entity
public class Post {

	// tag::annotation[]
	@Id
	@TimeSortedId(prefix = "post", storage = IdStorage.BINARY) // this attribute
	private String id;
	// end::annotation[]

	public String getId() {
		return this.id;
	}

}
