package io.github.timesortedid.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.Nouns;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionSettings;
import org.jspecify.annotations.Nullable;

/**
 * The runtime side of {@link TimeSortedIdSettings}: one shared generator per algorithm (so every
 * attribute using it sees one strictly increasing sequence, and one Snowflake node is never
 * generated twice in a JVM), and every {@code @TimeSortedId} attribute of the application with its
 * format, checked as it is registered. Each persistence integration registers the attributes its
 * mapping declares; Spring Boot hands a ready one to Hibernate under {@link #SETTING}.
 */
public final class TimeSortedIdRegistry {

	/** The Hibernate setting under which a ready registry (or {@link TimeSortedIdSettings}) is passed. */
	public static final String SETTING = PropertyNames.REGISTRY;

	private final TimeSortedIdSettings settings;

	private final ConcurrentMap<String, IdAlgorithm> algorithms = new ConcurrentHashMap<>();

	private final ConcurrentMap<Class<?>, IdField> identifiersByClass = new ConcurrentHashMap<>();

	/**
	 * What is mapped so far. Registration (at startup, under this registry's lock) replaces it with a
	 * new immutable catalog; requests read it without a lock.
	 */
	private volatile IdCatalog catalog;

	private final FieldResolver resolver;

	/** The maintenance of each integration's partitioned tables, in the order they came. */
	private final Map<String, PartitionMaintenance> partitionsByIntegration = new LinkedHashMap<>();

	private volatile @Nullable PartitionMaintenance partitions;

	private final SettingNames names;

	/**
	 * Creates a registry; makes the default algorithm at once, so that its settings are checked.
	 * @param settings the settings
	 * @throws InvalidSettingException if the default algorithm or separator cannot work
	 */
	public TimeSortedIdRegistry(TimeSortedIdSettings settings) {
		this.settings = settings;
		this.catalog = IdCatalog.empty(settings.separator());
		this.resolver = new FieldResolver(settings, this::algorithm);
		this.names = new SettingNames(settings);
		IdAlgorithm defaultAlgorithm = algorithm(settings.algorithm());
		IdFormat.checkSeparator(settings.separator(), defaultAlgorithm);
		settings.entities().values().stream()
			.filter(overrides -> overrides.algorithm() != null)
			.forEach(overrides -> algorithm(overrides.algorithm()));
	}

	/**
	 * Returns the settings.
	 * @return the settings
	 */
	public TimeSortedIdSettings settings() {
		return this.settings;
	}

	/**
	 * Returns the shared generator of an algorithm, making it on first use.
	 * @param name a built-in or custom algorithm name
	 * @return the generator
	 * @throws InvalidSettingException if the name is unknown or its settings are incomplete
	 */
	public IdAlgorithm algorithm(String name) {
		IdAlgorithm custom = this.settings.customAlgorithms().get(name);
		if (custom != null) {
			return custom;
		}
		return this.algorithms.computeIfAbsent(name, key -> IdAlgorithms.create(key, this.settings.options()));
	}

	/**
	 * Returns every registered attribute, in registration order.
	 * @return the attributes
	 */
	public List<IdField> fields() {
		return List.copyOf(this.catalog.fields().values());
	}

	/**
	 * Finds a registered attribute.
	 * @param entityName the JPA entity name
	 * @param attribute the attribute name
	 * @return the attribute, if registered
	 */
	public Optional<IdField> field(String entityName, String attribute) {
		return Optional.ofNullable(this.catalog.fields().get(entityName + "#" + attribute));
	}

	/**
	 * Finds the attribute whose IDs carry a prefix; prefixes are unique within a registry.
	 * @param prefix a prefix, e.g. {@code post}
	 * @return the attribute, if one has that prefix
	 */
	public Optional<IdField> withPrefix(String prefix) {
		return Optional.ofNullable(this.catalog.byPrefix().get(prefix));
	}

	/**
	 * Returns the prefixes of the registered attributes, in registration order.
	 * @return the prefixes
	 */
	public List<String> prefixes() {
		return List.copyOf(this.catalog.byPrefix().keySet());
	}

	/**
	 * Finds the {@code @Id @TimeSortedId} attribute that identifies instances of a class: the one
	 * registered for the class itself or, for an entity subclass ({@code SINGLE_TABLE},
	 * {@code JOINED}, {@code TABLE_PER_CLASS}), for the root of its hierarchy, which owns the one ID
	 * attribute, prefix and generator of every entity in it.
	 * @param type an entity class, or a subclass of one
	 * @return the identifier attribute, if the class or a superclass has one
	 */
	public Optional<IdField> identifierOf(Class<?> type) {
		IdField cached = this.identifiersByClass.get(type);
		if (cached != null) {
			return Optional.of(cached);
		}
		List<IdField> identifiers = fields().stream().filter(IdField::isIdentifier).toList();
		for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
			for (IdField field : identifiers) {
				if (field.entityClass() == current) {
					this.identifiersByClass.put(type, field);
					return Optional.of(field);
				}
			}
		}
		return Optional.empty();
	}

	/**
	 * Returns the maintenance of the tables partitioned by {@code time-sorted-id.partitions}, those of
	 * every integration.
	 * @return the maintenance, or empty if no table is partitioned on this database
	 */
	public Optional<PartitionMaintenance> partitionMaintenance() {
		return Optional.ofNullable(this.partitions);
	}

	/**
	 * Sets the maintenance of an integration's partitioned tables, once it has mapped them; the
	 * registry keeps those of all its integrations as one.
	 * @param integration the integration, e.g. {@code Hibernate}
	 * @param partitions the maintenance, or {@code null} if no table is partitioned on this database
	 */
	public synchronized void partitionMaintenance(String integration, @Nullable PartitionMaintenance partitions) {
		if (partitions != null) {
			this.partitionsByIntegration.put(integration, partitions);
		}
		else {
			this.partitionsByIntegration.remove(integration);
		}
		this.partitions = PartitionMaintenance.of(List.copyOf(this.partitionsByIntegration.values()));
	}

	/**
	 * Records an entity subclass whose identifier is its root entity's, so that an override naming
	 * the subclass is refused with a message that says where the prefix belongs.
	 * @param entityName the entity name
	 * @param rootIdentifier the root identifier
	 */
	public synchronized void registerInheritor(String entityName, IdField rootIdentifier) {
		this.catalog = this.catalog.withInheritor(entityName, rootIdentifier);
	}

	/**
	 * Works out the storage of an attribute, before it is registered.
	 * @param declaration the declaration
	 * @return the id storage
	 */
	public IdStorage storage(FieldDeclaration declaration) {
		return this.resolver.storage(declaration);
	}

	/**
	 * Resolves and checks one attribute. Registering the same attribute again returns the first
	 * result, so that several session factories can share a registry.
	 * @param declaration the declaration
	 * @return the id field
	 */
	public synchronized IdField register(FieldDeclaration declaration) {
		String key = declaration.entityName() + "#" + declaration.attribute();
		IdField existing = this.catalog.fields().get(key);
		if (existing != null) {
			return existing;
		}
		IdField field = this.resolver.resolve(declaration);
		// a typed ID, or a Kotlin value class that is one: the registry's format is the one it is read with
		Class<?> prefixed = FieldResolver.prefixedType(declaration, field.valueType());
		if (prefixed != null) {
			bindTypedId(declaration, prefixed, field.format());
			if (TypedId.class.isAssignableFrom(prefixed)) {
				@SuppressWarnings("unchecked")
				Class<? extends TypedId> typed = (Class<? extends TypedId>) prefixed;
				FieldResolver.warnOfDefaultToString(typed, field.format());
			}
		}
		String prefix = field.format().prefix();
		if (!prefix.isEmpty()) {
			IdField other = this.catalog.byPrefix().get(prefix);
			if (other != null) {
				throw new TimeSortedIdConfigurationException(
						"The prefix '" + prefix + "' is used by both " + other + " and " + field + ".",
						"Give each ID type its own prefix, so that an ID tells which entity it belongs to: change "
								+ "@TimeSortedId(prefix = ...) or set " + PropertyNames.ENTITIES
								+ declaration.entityName() + ".prefix.");
			}
		}
		this.catalog = this.catalog.with(key, field);
		return field;
	}

	/**
	 * Makes this registry's format the one a typed ID class is checked with here; the class's
	 * prefix may belong to no other typed ID class.
	 */
	private void bindTypedId(FieldDeclaration declaration, Class<?> type, IdFormat format) {
		for (Map.Entry<Class<?>, IdFormat> bound : this.catalog.typedIdFormats().entrySet()) {
			if (bound.getKey() != type && bound.getValue().prefix().equals(format.prefix())) {
				throw new TimeSortedIdConfigurationException(declaration.describe() + ": The prefix '" + format.prefix()
						+ "' is declared by both " + bound.getKey().getName() + " and " + type.getName()
						+ "; typed IDs need prefixes of their own.", "Give each typed ID class an @IdPrefix of its own.");
			}
		}
		this.catalog = this.catalog.withTypedId(type, format);
	}

	/**
	 * Makes a typed ID from text, checked against the format its attribute has in this registry:
	 * prefix, separator and a valid body for the algorithm.
	 * @param <T> the typed ID type
	 * @param type the typed ID class
	 * @param text the ID text
	 * @return the typed ID
	 * @throws InvalidIdException if the text is not an ID of that type here
	 */
	public <T extends TypedId> T typedId(Class<T> type, String text) {
		T id = TypedIds.of(type, text);
		IdFormat format = this.catalog.typedIdFormats().get(type);
		if (format != null) {
			try {
				format.validate(text);
			}
			catch (InvalidIdException ex) {
				throw new InvalidIdException(text, "not " + Nouns.withArticle(type.getSimpleName()) + ": " + ex.getReason());
			}
		}
		return id;
	}

	/**
	 * Reads any ID of a prefixed attribute: which entity and attribute its prefix belongs to, the
	 * algorithm, the body and the creation instant.
	 * @param id the text, e.g. {@code post_01jh...}; {@code null} is refused like empty text
	 * @return what it says
	 * @throws InvalidIdException if the text is {@code null} or empty, too long, has no known prefix,
	 * or its body is not valid for that prefix's format
	 */
	public ParsedId parse(@Nullable CharSequence id) {
		return this.catalog.parse(id);
	}

	/**
	 * Fails if an entity override names no entity with a {@code @TimeSortedId} attribute, since a
	 * mistyped entity name would otherwise be ignored without a word; while another integration is
	 * awaited ({@link #awaitIntegration(String)}), it checks nothing: that one checks every name.
	 */
	public synchronized void verifyEntityOverridesUsed() {
		this.names.verifyEntityOverridesUsed(this.catalog);
	}

	/**
	 * Says that another integration registers attributes in this registry after the one that boots
	 * now, as Spring Data JDBC's aggregates do after Hibernate's entities in an application with both,
	 * so that the names {@code time-sorted-id.entities} and {@code time-sorted-id.partitions} give are
	 * checked against both once it has registered.
	 * @param integration the integration, e.g. {@code Spring Data JDBC}
	 */
	public synchronized void awaitIntegration(String integration) {
		this.names.await(integration);
	}

	/**
	 * Says that an integration has registered its attributes, after which the names the settings give
	 * are checked against it.
	 * @param integration the integration
	 */
	public synchronized void integrationRegistered(String integration) {
		this.names.registered(integration);
	}

	/**
	 * Returns the settings of {@code time-sorted-id.partitions} whose names no other integration has
	 * partitioned: an integration partitions those it maps and leaves the others.
	 * @param integration the integration that partitions now
	 * @return the settings by name, as configured
	 */
	public synchronized Map<String, PartitionSettings> partitionsToApply(String integration) {
		return this.names.partitionsToApply(integration);
	}

	/**
	 * Records the names of {@code time-sorted-id.partitions} an integration partitioned and, unless
	 * another integration is awaited, fails for a name that no integration partitioned.
	 * @param integration the integration
	 * @param names what it could have partitioned, for the message
	 * @param applied the names it partitioned, as configured
	 * @throws TimeSortedIdConfigurationException naming the property and what every integration maps
	 */
	public synchronized void partitionsApplied(String integration, MappedNames names, Set<String> applied) {
		this.names.partitioned(integration, names, applied);
	}

}
