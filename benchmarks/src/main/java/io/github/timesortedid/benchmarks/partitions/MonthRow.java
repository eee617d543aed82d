package io.github.timesortedid.benchmarks.partitions;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A row of the table partitioned by month. */
@Entity
@Table(name = "month_row")
public class MonthRow {

	@Id
	@TimeSortedId(prefix = "mrow")
	private String id;

	private String payload;

	protected MonthRow() {
	}

	MonthRow(String id, String payload) {
		this.id = id;
		this.payload = payload;
	}

	public String getId() {
		return this.id;
	}

}
