package io.github.timesortedid.shardingsphere;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import org.apache.shardingsphere.infra.algorithm.core.ShardingSphereAlgorithm;
import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.jspecify.annotations.Nullable;

/**
 * The {@code props} of one of our algorithms in ShardingSphere's YAML, read with a check of each
 * value: a missing, malformed or unknown property stops ShardingSphere's start with its
 * {@link AlgorithmInitializationException}, whose message names the property and the algorithm.
 * YAML gives numbers and booleans as such, so values are read as text whatever their type.
 */
final class AlgorithmProperties {

	private final ShardingSphereAlgorithm algorithm;

	private final Properties props;

	AlgorithmProperties(ShardingSphereAlgorithm algorithm, @Nullable Properties props, Set<String> known) {
		this.algorithm = algorithm;
		this.props = (props != null) ? props : new Properties();
		List<String> unknown = new ArrayList<>();
		for (Object key : this.props.keySet()) {
			if (!known.contains(String.valueOf(key))) {
				unknown.add(String.valueOf(key));
			}
		}
		if (!unknown.isEmpty()) {
			// a misspelt name would otherwise leave its setting at the default without a word
			throw fail("unknown propert" + (unknown.size() == 1 ? "y " : "ies ") + String.join(", ", new TreeSet<>(unknown))
					+ "; " + algorithm.getType() + " takes " + String.join(", ", new TreeSet<>(known)));
		}
	}

	/** The value of a property as text, or {@code null} if it is not set or empty. */
	@Nullable String text(String key) {
		Object value = this.props.get(key);
		String text = (value != null) ? String.valueOf(value).trim() : null;
		return (text == null || text.isEmpty()) ? null : text;
	}

	/** The value of a property that must be set. */
	String required(String key, String example) {
		String text = text(key);
		if (text == null) {
			throw fail(key + " is required, e.g. " + key + ": " + example);
		}
		return text;
	}

	/** A positive whole number, or the default when the property is not set. */
	int positive(String key, int defaultValue) {
		String text = text(key);
		if (text == null) {
			return defaultValue;
		}
		try {
			int value = Integer.parseInt(text);
			if (value > 0) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// reported below with the other bad values
		}
		throw fail(key + " is a whole number of 1 or more, not '" + text + "'");
	}

	/** The exception that stops ShardingSphere's start, naming this algorithm. */
	AlgorithmInitializationException fail(String reason) {
		// the message is a format: the reason goes in as an argument, so that a '%' in a value stays text
		return new AlgorithmInitializationException(this.algorithm, "%s", reason);
	}

	/** The exception for a property whose value the ID's settings refuse. */
	AlgorithmInitializationException invalid(String key, @Nullable Object value, String reason) {
		return fail(key + " cannot be '" + value + "': " + reason);
	}

}
