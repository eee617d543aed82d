package io.github.timesortedid.jdbc.shipping;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate whose IDs are stored as binary: its own in a {@code uuid} column, its parcels' in a
 * binary one, and a reference to the shipment it replaces.
 */
@Table
public class Shipment {

	// tag::shipment-id[]
	@Id
	@TimeSortedId(storage = IdStorage.BINARY)
	private ShipmentId id;
	// end::shipment-id[]

	private String destination;

	private AggregateReference<Shipment, ShipmentId> replaces;

	private List<Parcel> parcels = new ArrayList<>();

	Shipment() {
	}

	public Shipment(String destination, Parcel... parcels) {
		this.destination = destination;
		this.parcels.addAll(List.of(parcels));
	}

	public ShipmentId getId() {
		return this.id;
	}

	public String getDestination() {
		return this.destination;
	}

	public List<Parcel> getParcels() {
		return this.parcels;
	}

	public AggregateReference<Shipment, ShipmentId> getReplaces() {
		return this.replaces;
	}

	public void replace(ShipmentId lost) {
		this.replaces = AggregateReference.to(lost);
	}

}
