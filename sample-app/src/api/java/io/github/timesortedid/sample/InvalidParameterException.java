package io.github.timesortedid.sample;

/** A request parameter or body field that is malformed. */
class InvalidParameterException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final String parameter;

	InvalidParameterException(String parameter, String message) {
		super(message);
		this.parameter = parameter;
	}

	String getParameter() {
		return this.parameter;
	}

}
