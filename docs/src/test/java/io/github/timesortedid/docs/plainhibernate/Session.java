package io.github.timesortedid.docs.plainhibernate;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A login session of the plain Hibernate example, whose ID is a token. */
@Entity
public class Session {

	@Id
	@TimeSortedId(prefix = "sess")
	private String id;

	public String getId() {
		return this.id;
	}

}
