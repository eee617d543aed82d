package io.github.timesortedid.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.partitioning.PartitionSettings;
import org.jspecify.annotations.Nullable;

/**
 * Everything {@code @TimeSortedId} attributes are configured with: the default algorithm, the
 * separator, the algorithms' options (clock and randomness included), per-entity overrides and
 * custom algorithms. Immutable and checked when built. Spring Boot builds it from
 * {@code application.yml}; plain Hibernate reads the same property names from its settings with
 * {@link #fromProperties(Map)}.
 */
public final class TimeSortedIdSettings {

	private final String algorithm;

	private final String separator;

	private final AlgorithmOptions options;

	private final Map<String, EntitySettings> entities;

	private final Map<String, IdAlgorithm> customAlgorithms;

	private final boolean schemaCheck;

	private final IdStorage storage;

	private final Map<String, PartitionSettings> partitions;

	private final StartupRetry startupRetry;

	TimeSortedIdSettings(TimeSortedIdSettingsBuilder builder) {
		this.algorithm = builder.algorithm;
		this.separator = builder.separator;
		this.options = builder.options;
		this.entities = Collections.unmodifiableMap(new LinkedHashMap<>(builder.entities));
		this.customAlgorithms = Collections.unmodifiableMap(new LinkedHashMap<>(builder.customAlgorithms));
		this.schemaCheck = builder.schemaCheck;
		this.storage = (builder.storage == IdStorage.DEFAULT) ? IdStorage.TEXT : builder.storage;
		this.partitions = Collections.unmodifiableMap(new LinkedHashMap<>(builder.partitions));
		this.startupRetry = builder.startupRetry;
	}

	/**
	 * Returns settings with every default: {@code uuidv7} in {@code base32}, separator {@code _},
	 * secure randomness, no overrides.
	 * @return the defaults
	 */
	public static TimeSortedIdSettings defaults() {
		return builder().build();
	}

	/**
	 * Starts a builder holding the defaults.
	 * @return a new builder
	 */
	public static TimeSortedIdSettingsBuilder builder() {
		return new TimeSortedIdSettingsBuilder();
	}

	/**
	 * Reads the {@code time-sorted-id.*} properties from a map of Hibernate settings, in the forms
	 * Spring Boot accepts (see {@link TimeSortedIdProperties#bind(Map)}), and checks them.
	 * @param properties the settings
	 * @return the checked settings
	 * @throws InvalidSettingException naming the first property with a bad value
	 */
	public static TimeSortedIdSettings fromProperties(Map<?, ?> properties) {
		TimeSortedIdProperties bound = TimeSortedIdProperties.bind(properties);
		return builder().apply(bound).options(AlgorithmOptions.builder().apply(bound).build()).build();
	}

	/**
	 * Returns how the start-up checks run their reads of the catalog.
	 * @return {@link StartupRetry#ONCE} unless the builder was given another
	 */
	public StartupRetry startupRetry() {
		return this.startupRetry;
	}

	/**
	 * Returns the algorithm of attributes that name none.
	 * @return the default algorithm name
	 */
	public String algorithm() {
		return this.algorithm;
	}

	/**
	 * Returns the text between prefix and body.
	 * @return the separator
	 */
	public String separator() {
		return this.separator;
	}

	/**
	 * Returns the algorithms' options.
	 * @return the options
	 */
	public AlgorithmOptions options() {
		return this.options;
	}

	/**
	 * Returns the per-entity overrides, by entity name.
	 * @return the overrides
	 */
	public Map<String, EntitySettings> entities() {
		return this.entities;
	}

	/**
	 * Returns the application's own algorithms, by name; they win over built-in ones of the same
	 * name.
	 * @return the custom algorithms
	 */
	public Map<String, IdAlgorithm> customAlgorithms() {
		return this.customAlgorithms;
	}

	/**
	 * Tells whether the ID columns of an existing schema are checked at startup.
	 * @return true to check (the default)
	 */
	public boolean schemaCheck() {
		return this.schemaCheck;
	}

	/**
	 * Returns how {@code String} and typed-ID attributes are stored unless the entity or the
	 * annotation says otherwise.
	 * @return {@code TEXT} (the default) or {@code BINARY}
	 */
	public IdStorage storage() {
		return this.storage;
	}

	/**
	 * Returns the partitioned tables' settings, by entity name as configured.
	 * @return the settings of each partitioned entity
	 */
	public Map<String, PartitionSettings> partitions() {
		return this.partitions;
	}

	/**
	 * Returns every algorithm name that can be configured.
	 * @return built-in names, then custom ones
	 */
	public List<String> algorithmNames() {
		List<String> names = new ArrayList<>(IdAlgorithms.names());
		this.customAlgorithms.keySet().stream().filter(name -> !names.contains(name)).forEach(names::add);
		return names;
	}

	/**
	 * Finds the overrides of an entity: by its exact name, else ignoring case, else by class name.
	 * @param entityName the JPA entity name
	 * @param entityClass the entity class, or {@code null}
	 * @return the key and overrides, or {@code null} if none apply
	 */
	public Map.@Nullable Entry<String, EntitySettings> entity(String entityName, @Nullable Class<?> entityClass) {
		return EntitySettings.find(this.entities, entityName, entityClass);
	}

}
