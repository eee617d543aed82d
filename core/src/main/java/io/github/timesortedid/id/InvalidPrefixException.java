package io.github.timesortedid.id;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a prefix breaks the TypeID rules (1 to 63 lowercase ASCII letters and underscores,
 * starting and ending with a letter). Thrown by {@link Prefixes#check} only; callers that know
 * where the prefix came from (an annotation, a property) add that to their own message.
 */
public class InvalidPrefixException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final @Nullable String prefix;

	private final String reason;

	InvalidPrefixException(@Nullable String prefix, String reason) {
		super("Invalid prefix '" + prefix + "': " + reason);
		this.prefix = prefix;
		this.reason = reason;
	}

	/**
	 * Returns the rejected prefix.
	 * @return the prefix as given
	 */
	public @Nullable String getPrefix() {
		return this.prefix;
	}

	/**
	 * Returns which rule the prefix breaks.
	 * @return the reason, e.g. {@code a prefix starts and ends with a letter, not '_'}
	 */
	public String getReason() {
		return this.reason;
	}

}
