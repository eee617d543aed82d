package io.github.timesortedid.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
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

	private TimeSortedIdSettings(Builder builder) {
		this.algorithm = builder.algorithm;
		this.separator = builder.separator;
		this.options = builder.options;
		this.entities = Collections.unmodifiableMap(new LinkedHashMap<>(builder.entities));
		this.customAlgorithms = Collections.unmodifiableMap(new LinkedHashMap<>(builder.customAlgorithms));
		this.schemaCheck = builder.schemaCheck;
		this.storage = (builder.storage == IdStorage.DEFAULT) ? IdStorage.TEXT : builder.storage;
		this.partitions = Collections.unmodifiableMap(new LinkedHashMap<>(builder.partitions));
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
	public static Builder builder() {
		return new Builder();
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

	/** Collects and checks {@link TimeSortedIdSettings}. */
	public static final class Builder {

		private String algorithm;

		private String separator;

		private AlgorithmOptions options = AlgorithmOptions.defaults();

		private final Map<String, EntitySettings> entities = new LinkedHashMap<>();

		private final Map<String, IdAlgorithm> customAlgorithms = new LinkedHashMap<>();

		private boolean schemaCheck;

		private IdStorage storage = IdStorage.TEXT;

		private final Map<String, PartitionSettings> partitions = new LinkedHashMap<>();

		private Builder() {
			apply(new TimeSortedIdProperties());
		}

		/**
		 * Takes the default algorithm, the separator, the schema check and the per-entity overrides
		 * of the properties; the algorithms' options come with {@link #options}.
		 * @param properties the properties
		 * @return this builder
		 */
		public Builder apply(TimeSortedIdProperties properties) {
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
		public Builder partitions(String entityName, PartitionSettings settings) {
			this.partitions.put(entityName, Objects.requireNonNull(settings, "settings"));
			return this;
		}

		/**
		 * Sets whether the ID columns of an existing schema are checked at startup.
		 * @param enabled true to check
		 * @return this builder
		 */
		public Builder schemaCheck(boolean enabled) {
			this.schemaCheck = enabled;
			return this;
		}

		/**
		 * Sets how {@code String} and typed-ID attributes are stored by default.
		 * @param storage {@code TEXT} or {@code BINARY}; {@code DEFAULT} is {@code TEXT}
		 * @return this builder
		 */
		public Builder storage(IdStorage storage) {
			this.storage = Objects.requireNonNull(storage, PropertyNames.STORAGE);
			return this;
		}

		/**
		 * Sets the default algorithm.
		 * @param algorithm a built-in or custom algorithm name
		 * @return this builder
		 */
		public Builder algorithm(String algorithm) {
			this.algorithm = algorithm;
			return this;
		}

		/**
		 * Sets the text between prefix and body.
		 * @param separator 1 to 4 ASCII punctuation characters
		 * @return this builder
		 */
		public Builder separator(String separator) {
			this.separator = separator;
			return this;
		}

		/**
		 * Sets the algorithms' options.
		 * @param options the options
		 * @return this builder
		 */
		public Builder options(AlgorithmOptions options) {
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
		public Builder entity(String entityName, @Nullable String prefix, @Nullable String algorithm) {
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
		public Builder entity(String entityName, @Nullable String prefix, @Nullable String algorithm,
				@Nullable IdStorage storage) {
			this.entities.put(entityName, new EntitySettings(prefix, algorithm, storage));
			return this;
		}

		/**
		 * Adds an application-defined algorithm under its {@link IdAlgorithm#name()}.
		 * @param algorithm the algorithm
		 * @return this builder
		 */
		public Builder customAlgorithm(IdAlgorithm algorithm) {
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

}
