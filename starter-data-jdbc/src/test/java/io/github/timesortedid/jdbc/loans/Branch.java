package io.github.timesortedid.jdbc.loans;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A branch of the library: an aggregate whose ID is stored as binary. */
@Table
public class Branch {

	@Id
	@TimeSortedId(storage = IdStorage.BINARY)
	private BranchId id;

	private String name;

	Branch() {
	}

	/**
	 * A new branch.
	 * @param name its name
	 */
	public Branch(String name) {
		this.name = name;
	}

	/**
	 * Returns the ID.
	 * @return the ID
	 */
	public BranchId getId() {
		return this.id;
	}

	/**
	 * Returns the name.
	 * @return the name
	 */
	public String getName() {
		return this.name;
	}

}
