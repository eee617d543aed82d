package io.github.timesortedid.jdbc.routes;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A bus route as a Spring Data JDBC aggregate, partitioned by its ID: its legs have IDs of their own,
 * so the checkpoints of a leg refer to the leg, not to the route.
 */
@Table
public class Route {

	@Id
	@TimeSortedId(prefix = "rte", algorithm = "uuidv7")
	private String id;

	private String name;

	private List<Leg> legs = new ArrayList<>();

	Route() {
	}

	public Route(String name, List<Leg> legs) {
		this.name = name;
		this.legs.addAll(legs);
	}

	public String getId() {
		return this.id;
	}

	public List<Leg> getLegs() {
		return this.legs;
	}

}
