package io.github.timesortedid.docs.configuration;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A login session, the entity the configuration example overrides. */
@Entity
public class Session {

	@Id
	@TimeSortedId
	private String id;

	public String getId() {
		return this.id;
	}

}
