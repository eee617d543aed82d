package io.github.timesortedid.id;

/**
 * Thrown when a generator cannot hand out an ID without breaking its guarantees: the clock reads
 * an instant the algorithm cannot encode, or it has stopped advancing past a bounded wait.
 */
public class IdGenerationException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates an exception with the given message.
	 * @param message what prevented generation and what to do about it
	 */
	public IdGenerationException(String message) {
		super(message);
	}

}
