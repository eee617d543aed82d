package io.github.timesortedid.benchmarks.partitions;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The same row in a table of one piece. */
@Entity
@Table(name = "whole_row")
public class WholeRow {

	@Id
	@TimeSortedId(prefix = "wrow")
	private String id;

	private String payload;

	protected WholeRow() {
	}

	WholeRow(String id, String payload) {
		this.id = id;
		this.payload = payload;
	}

	public String getId() {
		return this.id;
	}

}
