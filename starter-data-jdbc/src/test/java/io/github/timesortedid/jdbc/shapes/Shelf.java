package io.github.timesortedid.jdbc.shapes;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.MappedCollection;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate of embedded values with a snowflake {@code Long} ID: one of one field, a record of
 * several with a prefix, one kept empty rather than null that holds another (nested); and a list of
 * slots in order, entities with IDs of their own, under named columns.
 */
@Table
public class Shelf {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	Long id;

	String name;

	@Embedded.Nullable
	Label label;

	@Embedded.Nullable(prefix = "dim_")
	Dimensions size;

	@Embedded.Empty(prefix = "loc_")
	Location location;

	@MappedCollection(idColumn = "shelf_id", keyColumn = "slot_index")
	List<Slot> slots = new ArrayList<>();

	/** An embedded value of one field. */
	public static class Label {

		String caption;

		Label() {
		}

		Label(String caption) {
			this.caption = caption;
		}

	}

	/** An embedded record of several fields. */
	public record Dimensions(Integer width, Integer height, Integer depth) {

	}

	/** An embedded value that holds another. */
	public static class Location {

		String aisle;

		@Embedded.Nullable(prefix = "geo_")
		Geo geo;

	}

	/** The innermost embedded value. */
	public record Geo(Double lat, Double lon) {

	}

	/** A place on the shelf: an entity inside the aggregate with an ID of its own. */
	public static class Slot {

		@Id
		@TimeSortedId(prefix = "slot")
		String id;

		String item;

		int quantity;

		Slot() {
		}

		Slot(String item, int quantity) {
			this.item = item;
			this.quantity = quantity;
		}

	}

}
