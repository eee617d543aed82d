package io.github.timesortedid.compat.broken;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Counter {

	@Id
	@TimeSortedId
	private Integer id;

}
