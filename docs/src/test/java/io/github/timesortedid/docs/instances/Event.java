package io.github.timesortedid.docs.instances;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An event with a snowflake key, whose 10 node bits say which instance made it. */
@Entity
public class Event {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id;

	public Long getId() {
		return this.id;
	}

}
