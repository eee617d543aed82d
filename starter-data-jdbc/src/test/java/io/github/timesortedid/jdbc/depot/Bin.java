package io.github.timesortedid.jdbc.depot;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.jdbc.kernel.BinId;
import org.springframework.data.annotation.Id;

/** An entity inside a {@link Depot}, with a typed ID of the shared package. */
public class Bin {

	@Id
	@TimeSortedId
	private BinId id;

	private String label;

	Bin() {
	}

	public Bin(String label) {
		this.label = label;
	}

	public BinId getId() {
		return this.id;
	}

	public String getLabel() {
		return this.label;
	}

}
