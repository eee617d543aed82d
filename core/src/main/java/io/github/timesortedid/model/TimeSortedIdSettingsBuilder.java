package io.github.timesortedid.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.partitioning.PartitionSettings;
import org.jspecify.annotations.Nullable;

/**
 * Collects and checks {@link TimeSortedIdSettings}: {@link #apply(TimeSortedIdProperties)} is the one
 * mapping from the properties, {@link #build()} checks what the properties alone cannot (an algorithm
 * name among the custom ones too, the entities' overrides).
 */
public final class TimeSortedIdSettingsBuilder {
	String algorithm;

	String separator;

	AlgorithmOptions options = AlgorithmOptions.defaults();

	final Map<String, EntitySettings> entities = new LinkedHashMap<>();

	final Map<String, IdAlgorithm> customAlgorithms = new LinkedHashMap<>();

	boolean schemaCheck;

	IdStorage storage = IdStorage.TEXT;

	final Map<String, PartitionSettings> partitions = new LinkedHashMap<>();

	StartupRetry startupRetry = StartupRetry.ONCE;

	TimeSortedIdSettingsBuilder() {
		apply(new TimeSortedIdProperties());
	}

	/**
	 * Takes the default algorithm, the separator, the schema check and the per-entity overrides
	 * of the properties; the algorithms' options come with {@link #options}.
	 * @param properties the properties
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder apply(TimeSortedIdProperties properties) {
		algorithm(properties.getAlgorithm());
		separator(properties.getSeparator());
		schemaCheck(properties.getSchemaCheck().isEnabled());
		storage(properties.getStorage());
		properties.getEntities()
			.forEach((name, entity) -> entity(name, entity.getPrefix(), entity.getAlgorithm(), entity.getStorage()));
		properties.getPartitions().forEach((name, partition) -> partitions(name, PartitionSettings.of(name, partition)));
		return this;
	}

	/**
	 * Partitions the table of one entity.
	 * @param entityName the JPA entity name, e.g. {@code Post}
	 * @param settings its partitions
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder partitions(String entityName, PartitionSettings settings) {
		this.partitions.put(entityName, Objects.requireNonNull(settings, "settings"));
		return this;
	}

	/**
	 * Sets whether the ID columns of an existing schema are checked at startup.
	 * @param enabled true to check
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder schemaCheck(boolean enabled) {
		this.schemaCheck = enabled;
		return this;
	}

	/**
	 * Sets how the start-up checks run their reads of the catalog, e.g. again after a transient failure.
	 * @param retry the retry; {@link StartupRetry#ONCE} by default
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder startupRetry(StartupRetry retry) {
		this.startupRetry = Objects.requireNonNull(retry, "retry");
		return this;
	}

	/**
	 * Sets how {@code String} and typed-ID attributes are stored by default.
	 * @param storage {@code TEXT} or {@code BINARY}; {@code DEFAULT} is {@code TEXT}
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder storage(IdStorage storage) {
		this.storage = Objects.requireNonNull(storage, PropertyNames.STORAGE);
		return this;
	}

	/**
	 * Sets the default algorithm.
	 * @param algorithm a built-in or custom algorithm name
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder algorithm(String algorithm) {
		this.algorithm = algorithm;
		return this;
	}

	/**
	 * Sets the text between prefix and body.
	 * @param separator 1 to 4 ASCII punctuation characters
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder separator(String separator) {
		this.separator = separator;
		return this;
	}

	/**
	 * Sets the algorithms' options.
	 * @param options the options
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder options(AlgorithmOptions options) {
		this.options = Objects.requireNonNull(options, "options");
		return this;
	}

	/**
	 * Adds overrides for one entity.
	 * @param entityName the JPA entity name, e.g. {@code Session}
	 * @param prefix the prefix of its {@code @Id}, or {@code null}
	 * @param algorithm the algorithm of its attributes, or {@code null}
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder entity(String entityName, @Nullable String prefix, @Nullable String algorithm) {
		return entity(entityName, prefix, algorithm, null);
	}

	/**
	 * Adds overrides for one entity, its storage included.
	 * @param entityName the JPA entity name, e.g. {@code Session}
	 * @param prefix the prefix of its {@code @Id}, or {@code null}
	 * @param algorithm the algorithm of its attributes, or {@code null}
	 * @param storage the storage of its text attributes, or {@code null}
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder entity(String entityName, @Nullable String prefix, @Nullable String algorithm,
			@Nullable IdStorage storage) {
		this.entities.put(entityName, new EntitySettings(prefix, algorithm, storage));
		return this;
	}

	/**
	 * Adds an application-defined algorithm under its {@link IdAlgorithm#name()}.
	 * @param algorithm the algorithm
	 * @return this builder
	 */
	public TimeSortedIdSettingsBuilder customAlgorithm(IdAlgorithm algorithm) {
		this.customAlgorithms.put(algorithm.name(), algorithm);
		return this;
	}

	/**
	 * Checks and builds the settings.
	 * @return immutable settings
	 * @throws InvalidSettingException naming the first property with a bad value
	 */
	public TimeSortedIdSettings build() {
		TimeSortedIdSettings settings = new TimeSortedIdSettings(this);
		if (this.algorithm == null || !settings.algorithmNames().contains(this.algorithm)) {
			throw IdAlgorithms.unknown(PropertyNames.ALGORITHM, this.algorithm, settings.algorithmNames());
		}
		this.entities.forEach((entity, overrides) -> overrides.check(entity, settings.algorithmNames()));
		return settings;
	}

}
