package io.github.timesortedid.id;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a setting has a value the library cannot work with. It names the property (as
 * written in {@code application.yml} or in Hibernate's settings), the rejected value and how to
 * fix it, so that configuration errors can fail startup with an actionable message.
 */
public class InvalidSettingException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String property;

	private final transient @Nullable Object value;

	private final String reason;

	/**
	 * Creates an exception for one property.
	 * @param property the full property name, e.g. {@code time-sorted-id.snowflake.node-id}
	 * @param value the rejected value
	 * @param reason what is wrong and what would be valid
	 */
	public InvalidSettingException(String property, @Nullable Object value, String reason) {
		super("Invalid value '" + value + "' for property '" + property + "': " + reason);
		this.property = property;
		this.value = value;
		this.reason = reason;
	}

	/**
	 * Returns the full name of the property whose value was rejected.
	 * @return the property name
	 */
	public String getProperty() {
		return this.property;
	}

	/**
	 * Returns the rejected value.
	 * @return the value
	 */
	public @Nullable Object getValue() {
		return this.value;
	}

	/**
	 * Returns what is wrong with the value and what would be valid.
	 * @return the reason
	 */
	public String getReason() {
		return this.reason;
	}

}
