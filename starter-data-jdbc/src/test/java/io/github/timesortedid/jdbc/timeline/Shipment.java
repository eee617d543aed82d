package io.github.timesortedid.jdbc.timeline;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate root with a prefixed {@code uuidv7} ID and a list of scans, entities with IDs of their own. */
@Table
public class Shipment implements Labelled {

	@Id
	@TimeSortedId(prefix = "shp")
	private String id;

	private String destination;

	private List<Scan> scans = new ArrayList<>();

	Shipment() {
	}

	public Shipment(String id, String destination) {
		this.id = id;
		this.destination = destination;
	}

	public String getId() {
		return this.id;
	}

	public String getDestination() {
		return this.destination;
	}

	@Override
	public String label() {
		return this.destination;
	}

	public List<Scan> getScans() {
		return this.scans;
	}

	public Shipment scan(String place) {
		this.scans.add(new Scan(null, place));
		return this;
	}

}
