package io.github.timesortedid.jdbc.labels;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A String ID to be stored as binary, which Spring Data JDBC cannot convert per attribute. */
@Table
public class Label {

	@Id
	@TimeSortedId(prefix = "label", storage = IdStorage.BINARY)
	private String id;

	private String text;

	public String getId() {
		return this.id;
	}

	public String getText() {
		return this.text;
	}

}
