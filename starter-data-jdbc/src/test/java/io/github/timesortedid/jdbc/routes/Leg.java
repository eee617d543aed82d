package io.github.timesortedid.jdbc.routes;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** A leg of a {@link Route}: an entity inside the aggregate with an ID of its own, holding its checkpoints. */
public class Leg {

	@Id
	@TimeSortedId(prefix = "leg", algorithm = "uuidv7")
	private String id;

	private String destination;

	private List<Checkpoint> checkpoints = new ArrayList<>();

	Leg() {
	}

	public Leg(String destination, List<Checkpoint> checkpoints) {
		this.destination = destination;
		this.checkpoints.addAll(checkpoints);
	}

	public String getDestination() {
		return this.destination;
	}

	public List<Checkpoint> getCheckpoints() {
		return this.checkpoints;
	}

}
