package io.github.timesortedid.config;

/** How the Jackson module writes IDs. */
public class JsonProperties {

	/**
	 * Whether every @TimeSortedId Long or long attribute is written as a JSON string
	 * ("2124591150973530270") rather than a number, so that JavaScript clients, whose numbers
	 * are exact only up to 2^53, keep every digit of a snowflake ID. Both forms are read.
	 * Clients that expect numbers see strings, so it is off unless asked for; a single attribute
	 * can be a string with Jackson's @JsonFormat(shape = STRING) instead.
	 */
	private boolean longIdsAsStrings;

	public boolean isLongIdsAsStrings() {
		return this.longIdsAsStrings;
	}

	public void setLongIdsAsStrings(boolean longIdsAsStrings) {
		this.longIdsAsStrings = longIdsAsStrings;
	}

}
