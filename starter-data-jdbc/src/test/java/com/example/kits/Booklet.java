package com.example.kits;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;

/** The building instructions of a kit, one per kit, keyed by the kit's own ID. */
public class Booklet {

	@Id
	@Column("KIT_ID")
	String id;

	String text;

	public Booklet(String text) {
		this.text = text;
	}

	public String getId() {
		return this.id;
	}

	public void setId(String id) {
		this.id = id;
	}

	public String getText() {
		return this.text;
	}

}
