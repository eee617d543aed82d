package io.github.timesortedid.sample;

/** A request body that refers to a row that does not exist. */
class InvalidReferenceException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final String field;

	InvalidReferenceException(String field, String message) {
		super(message);
		this.field = field;
	}

	String getField() {
		return this.field;
	}

}
