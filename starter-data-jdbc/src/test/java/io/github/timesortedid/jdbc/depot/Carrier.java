package io.github.timesortedid.jdbc.depot;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.jdbc.kernel.CarrierId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate with {@code @Table}, and no repository, whose typed ID is of the shared package. */
@Table
public class Carrier {

	@Id
	@TimeSortedId
	private CarrierId id;

	private String name;

	Carrier() {
	}

	public Carrier(String name) {
		this.name = name;
	}

	public CarrierId getId() {
		return this.id;
	}

	public String getName() {
		return this.name;
	}

}
