package io.github.timesortedid.sample;

/** A well-formed ID that names no stored row. */
class NotFoundException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	NotFoundException(String type, String id) {
		super(type + " " + id + " does not exist");
	}

}
