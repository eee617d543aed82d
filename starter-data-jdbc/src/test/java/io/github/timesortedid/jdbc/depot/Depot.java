package io.github.timesortedid.jdbc.depot;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.jdbc.kernel.CarrierId;
import io.github.timesortedid.jdbc.kernel.DepotId;
import io.github.timesortedid.jdbc.kernel.RegionId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;

/**
 * An aggregate without {@code @Table} (Spring Data JDBC needs none), known to the application through
 * its repository, whose ID, held entities' IDs and reference are typed IDs of the shared package.
 */
public class Depot {

	@Id
	@TimeSortedId
	private DepotId id;

	private String city;

	private RegionId region;

	private AggregateReference<Carrier, CarrierId> carrier;

	private List<Bin> bins = new ArrayList<>();

	Depot() {
	}

	public Depot(String city, RegionId region, CarrierId carrier, List<Bin> bins) {
		this.city = city;
		this.region = region;
		this.carrier = AggregateReference.to(carrier);
		this.bins = new ArrayList<>(bins);
	}

	public DepotId getId() {
		return this.id;
	}

	public String getCity() {
		return this.city;
	}

	public RegionId getRegion() {
		return this.region;
	}

	public AggregateReference<Carrier, CarrierId> getCarrier() {
		return this.carrier;
	}

	public List<Bin> getBins() {
		return this.bins;
	}

}
