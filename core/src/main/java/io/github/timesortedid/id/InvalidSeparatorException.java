package io.github.timesortedid.id;

import io.github.timesortedid.config.PropertyNames;
import org.jspecify.annotations.Nullable;

/**
 * Thrown when the separator setting cannot split IDs of an algorithm: it is empty, too long, not
 * punctuation, or occurs in the algorithm's body alphabet. Thrown by
 * {@link IdFormat#checkSeparator} only.
 */
public class InvalidSeparatorException extends InvalidSettingException {

	private static final long serialVersionUID = 1L;

	InvalidSeparatorException(@Nullable String separator, String reason) {
		super(PropertyNames.SEPARATOR, separator, reason);
	}

}
