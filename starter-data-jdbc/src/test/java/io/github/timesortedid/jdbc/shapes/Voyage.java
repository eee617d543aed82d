package io.github.timesortedid.jdbc.shapes;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate with a typed ID (a record): legs with IDs of their own, each holding a list of ports
 * (nested children); references to a ledger by its {@code String} ID and to the voyage before by its
 * typed ID.
 */
@Table
public class Voyage {

	@Id
	@TimeSortedId
	VoyageId id;

	String vessel;

	AggregateReference<Ledger, String> ledger;

	AggregateReference<Voyage, VoyageId> previous;

	List<Leg> legs = new ArrayList<>();

	/** A leg of the voyage, with its stops. */
	public static class Leg {

		@Id
		@TimeSortedId(prefix = "leg")
		String id;

		String origin;

		List<Port> ports = new ArrayList<>();

		Leg() {
		}

		Leg(String origin, String... ports) {
			this.origin = origin;
			for (String port : ports) {
				this.ports.add(new Port(port));
			}
		}

	}

	/** A port a leg calls at, in order. */
	public record Port(String name) {

	}

}
