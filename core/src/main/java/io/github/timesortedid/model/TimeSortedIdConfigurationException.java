package io.github.timesortedid.model;

/**
 * Thrown at startup when an entity's {@code @TimeSortedId} attribute cannot work as configured:
 * an unsupported field type, a bad or duplicate prefix, a column too short for its IDs, a
 * separator that clashes with the body alphabet. It names the entity and attribute, and says how
 * to fix it ({@link #getAction()}), so that Spring Boot can report it as a failure analysis.
 */
public class TimeSortedIdConfigurationException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final String description;

	private final String action;

	/**
	 * Creates an exception.
	 * @param description what is wrong, naming entity, attribute and values
	 * @param action how to fix it
	 */
	public TimeSortedIdConfigurationException(String description, String action) {
		super(description + " " + action);
		this.description = description;
		this.action = action;
	}

	/**
	 * Creates an exception with its cause.
	 * @param description what is wrong, naming entity, attribute and values
	 * @param action how to fix it
	 * @param cause what made it wrong
	 */
	public TimeSortedIdConfigurationException(String description, String action, Throwable cause) {
		super(description + " " + action, cause);
		this.description = description;
		this.action = action;
	}

	/**
	 * Returns what is wrong.
	 * @return the description
	 */
	public String getDescription() {
		return this.description;
	}

	/**
	 * Returns how to fix it.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
