package io.github.timesortedid.autoconfigure;

/**
 * Thrown at startup when the Hibernate ORM or Spring Framework on the classpath is not one that
 * time-sorted-id works with; {@link UnsupportedVersionFailureAnalyzer} reports it.
 */
final class UnsupportedVersionException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String description;

	private final String action;

	UnsupportedVersionException(String description, String action) {
		super(description);
		this.description = description;
		this.action = action;
	}

	String getDescription() {
		return this.description;
	}

	String getAction() {
		return this.action;
	}

}
