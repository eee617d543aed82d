package io.github.timesortedid.config;

import io.github.timesortedid.IdStorage;
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

	/**
	 * Storage of the entity's String and typed-ID @TimeSortedId attributes, text or binary; wins
	 * over @TimeSortedId(storage) and time-sorted-id.storage.
	 */
	private @Nullable IdStorage storage;

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

	public @Nullable IdStorage getStorage() {
		return this.storage;
	}

	public void setStorage(@Nullable IdStorage storage) {
		this.storage = storage;
	}

}
