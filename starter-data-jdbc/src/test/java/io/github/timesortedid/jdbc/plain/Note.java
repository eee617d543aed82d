package io.github.timesortedid.jdbc.plain;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A plain aggregate: a prefixed String ID, no version, no {@code Persistable}. */
@Table
public class Note {

	@Id
	@TimeSortedId(prefix = "note")
	private String id;

	private String text;

	Note() {
	}

	public Note(String id, String text) {
		this.id = id;
		this.text = text;
	}

	public String getId() {
		return this.id;
	}

	public String getText() {
		return this.text;
	}

}
