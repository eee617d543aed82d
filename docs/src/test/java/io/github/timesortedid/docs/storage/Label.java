package io.github.timesortedid.docs.storage;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A label, whose key follows the global setting. */
@Entity
public class Label {

	@Id
	@TimeSortedId(prefix = "label")
	private String id;

	public String getId() {
		return this.id;
	}

}
