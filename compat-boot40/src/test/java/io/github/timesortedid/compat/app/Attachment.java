package io.github.timesortedid.compat.app;

import java.util.UUID;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A {@code UUID} key (UUIDv7). */
@Entity
public class Attachment {

	@Id
	@TimeSortedId
	private UUID id;

	private String fileName;

	protected Attachment() {
	}

	public Attachment(String fileName) {
		this.fileName = fileName;
	}

	public UUID getId() {
		return this.id;
	}

	public String getFileName() {
		return this.fileName;
	}

}
