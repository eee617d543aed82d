package io.github.timesortedid.benchmarks.partitions;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/**
 * A row of the partition benchmark: an assigned {@code uuidv7} ID (its prefix set per entity) and a
 * payload. The partitioned table's entity and the whole one's differ only in their table.
 */
@MappedSuperclass
public abstract class BenchmarkRow {

	@Id
	@TimeSortedId
	private String id;

	private String payload;

	/** Sets the row's values; the entity is new. */
	BenchmarkRow fill(String id, String payload) {
		this.id = id;
		this.payload = payload;
		return this;
	}

	public String getId() {
		return this.id;
	}

}
