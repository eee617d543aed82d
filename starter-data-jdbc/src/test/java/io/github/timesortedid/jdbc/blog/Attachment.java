package io.github.timesortedid.jdbc.blog;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An entity in a map inside the {@link Post} aggregate, keyed by its name. */
public class Attachment {

	@Id
	@TimeSortedId(prefix = "att")
	private String id;

	private String fileName;

	Attachment() {
	}

	public Attachment(String fileName) {
		this.fileName = fileName;
	}

	public String getId() {
		return this.id;
	}

	public String getFileName() {
		return this.fileName;
	}

}
