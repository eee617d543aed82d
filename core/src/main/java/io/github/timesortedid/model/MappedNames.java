package io.github.timesortedid.model;

import java.util.List;

/**
 * What one integration (Hibernate, Spring Data JDBC) maps that {@code time-sorted-id.partitions} may
 * name, for the message of a name that no integration of the registry maps.
 *
 * @param noun what such a name names, e.g. {@code entity}, {@code aggregate}
 * @param naming how the integration names it, e.g. {@code the JPA entity name of such an entity}
 * @param known the names it could partition
 */
public record MappedNames(String noun, String naming, List<String> known) {

	/**
	 * Copies the names.
	 * @param noun what such a name names
	 * @param naming how the integration names it
	 * @param known the names it could partition
	 */
	public MappedNames {
		known = List.copyOf(known);
	}

	/** The naming and, if any, the names: {@code the JPA entity name of such an entity (Post, Comment)}. */
	String describe() {
		return this.naming + (this.known.isEmpty() ? "" : " (" + String.join(", ", this.known) + ")");
	}

}
