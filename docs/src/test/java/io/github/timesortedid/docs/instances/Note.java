package io.github.timesortedid.docs.instances;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A note with a CouchDB utc_id key, whose suffix says which instance made it. */
@Entity
public class Note {

	@Id
	@TimeSortedId(algorithm = "couchdb-utc-id")
	private String id;

	public String getId() {
		return this.id;
	}

}
