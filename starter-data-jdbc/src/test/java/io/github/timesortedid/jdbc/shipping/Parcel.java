package io.github.timesortedid.jdbc.shipping;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A parcel inside a shipment, with an ID of its own stored as its bytes. */
@Table
public class Parcel {

	// tag::parcel-id[]
	@Id
	@TimeSortedId(algorithm = "ksuid", storage = IdStorage.BINARY)
	private ParcelId id;
	// end::parcel-id[]

	private int grams;

	Parcel() {
	}

	public Parcel(int grams) {
		this.grams = grams;
	}

	public ParcelId getId() {
		return this.id;
	}

	public int getGrams() {
		return this.grams;
	}

}
