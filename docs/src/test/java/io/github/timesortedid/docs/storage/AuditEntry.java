package io.github.timesortedid.docs.storage;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An audit entry, whose key the configuration keeps as text. */
@Entity
public class AuditEntry {

	@Id
	@TimeSortedId(prefix = "audit")
	private String id;

	public String getId() {
		return this.id;
	}

}
