package io.github.timesortedid.config;

import org.jspecify.annotations.Nullable;

/** Overrides for one entity. */
public class EntityProperties {

	/**
	 * Prefix of the entity's @Id attribute, e.g. "sess"; wins over @TimeSortedId(prefix).
	 */
	private @Nullable String prefix;

	/**
	 * Algorithm of the entity's @TimeSortedId attributes; wins over @TimeSortedId(algorithm).
	 */
	private @Nullable String algorithm;

	public @Nullable String getPrefix() {
		return this.prefix;
	}

	public void setPrefix(@Nullable String prefix) {
		this.prefix = prefix;
	}

	public @Nullable String getAlgorithm() {
		return this.algorithm;
	}

	public void setAlgorithm(@Nullable String algorithm) {
		this.algorithm = algorithm;
	}

}
