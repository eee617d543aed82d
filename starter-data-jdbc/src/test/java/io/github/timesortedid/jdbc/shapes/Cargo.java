package io.github.timesortedid.jdbc.shapes;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate whose IDs are stored as binary: its own typed ID, its crates' typed IDs, and a
 * reference to the cargo it follows, each a {@code uuid} column.
 */
@Table
public class Cargo {

	@Id
	@TimeSortedId(storage = IdStorage.BINARY)
	CargoId id;

	String destination;

	AggregateReference<Cargo, CargoId> follows;

	List<Crate> crates = new ArrayList<>();

	/**
	 * The IDs of its crates, in order.
	 * @return the IDs
	 */
	public List<CrateId> crateIds() {
		return this.crates.stream().map(crate -> crate.id).toList();
	}

	/** A crate of the cargo. */
	public static class Crate {

		@Id
		@TimeSortedId(storage = IdStorage.BINARY)
		CrateId id;

		int kilograms;

		Crate() {
		}

		Crate(int kilograms) {
			this.kilograms = kilograms;
		}

	}

}
