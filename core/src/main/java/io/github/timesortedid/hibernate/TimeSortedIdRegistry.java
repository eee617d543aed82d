package io.github.timesortedid.hibernate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.Prefixes;
import org.hibernate.service.Service;

/**
 * The runtime side of {@link TimeSortedIdSettings}: one shared generator per algorithm (so every
 * attribute using it sees one strictly increasing sequence, and one Snowflake node is never
 * generated twice in a JVM), and every {@code @TimeSortedId} attribute of the application with its
 * format, checked as it is registered. It is a Hibernate {@link Service}; Spring Boot hands a ready
 * one to Hibernate under {@link #SETTING}.
 */
public final class TimeSortedIdRegistry implements Service {

	/** The Hibernate setting under which a ready registry (or {@link TimeSortedIdSettings}) is passed. */
	public static final String SETTING = "time-sorted-id.registry";

	private final TimeSortedIdSettings settings;

	private final ConcurrentMap<String, IdAlgorithm> algorithms = new ConcurrentHashMap<>();

	private final Map<String, IdField> fields = new LinkedHashMap<>();

	private final Map<String, IdField> fieldsByPrefix = new LinkedHashMap<>();

	/** Entity subclasses that inherit their identifier from a root entity: name to the root's attribute. */
	private final Map<String, IdField> inheritors = new LinkedHashMap<>();

	private final ConcurrentMap<Class<?>, IdField> identifiersByClass = new ConcurrentHashMap<>();

	/** Identifier attributes without a prefix, which {@link #parse} tries an unprefixed ID against. */
	private final List<IdField> unprefixedIdentifiers = new ArrayList<>();

	/** The length of the longest ID text {@link #parse} can meet, kept as attributes register. */
	private int longestId;

	/**
	 * Creates a registry; makes the default algorithm at once, so that its settings are checked.
	 * @param settings the settings
	 * @throws InvalidSettingException if the default algorithm or separator cannot work
	 */
	public TimeSortedIdRegistry(TimeSortedIdSettings settings) {
		this.settings = settings;
		IdAlgorithm defaultAlgorithm = algorithm(settings.algorithm());
		String problem = IdFormat.separatorProblem(settings.separator(), defaultAlgorithm);
		if (problem != null) {
			throw new InvalidSettingException(TimeSortedIdSettings.SEPARATOR, settings.separator(), problem);
		}
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
	public synchronized List<IdField> fields() {
		return new ArrayList<>(this.fields.values());
	}

	/**
	 * Finds a registered attribute.
	 * @param entityName the JPA entity name
	 * @param attribute the attribute name
	 * @return the attribute, if registered
	 */
	public synchronized Optional<IdField> field(String entityName, String attribute) {
		return Optional.ofNullable(this.fields.get(entityName + "#" + attribute));
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
	 * Records an entity subclass whose identifier is its root entity's, so that an override naming
	 * the subclass is refused with a message that says where the prefix belongs.
	 */
	synchronized void registerInheritor(String entityName, IdField rootIdentifier) {
		this.inheritors.put(entityName, rootIdentifier);
	}

	/**
	 * Resolves and checks one attribute. Registering the same attribute again returns the first
	 * result, so that several session factories can share a registry.
	 */
	synchronized IdField register(FieldDeclaration declaration) {
		String key = declaration.entityName + "#" + declaration.attribute;
		IdField existing = this.fields.get(key);
		if (existing != null) {
			return existing;
		}
		IdField field = resolve(declaration);
		String prefix = field.format().prefix();
		if (!prefix.isEmpty()) {
			IdField other = this.fieldsByPrefix.get(prefix);
			if (other != null) {
				throw new TimeSortedIdConfigurationException(
						"The prefix '" + prefix + "' is used by both " + other + " and " + field + ".",
						"Give each ID type its own prefix, so that an ID tells which entity it belongs to: change "
								+ "@TimeSortedId(prefix = ...) or set " + TimeSortedIdSettings.ENTITIES
								+ declaration.entityName + ".prefix.");
			}
			this.fieldsByPrefix.put(prefix, field);
		}
		else if (field.isIdentifier()) {
			this.unprefixedIdentifiers.add(field);
		}
		if (!prefix.isEmpty() || field.isIdentifier()) {
			this.longestId = Math.max(this.longestId, field.longestText());
		}
		this.fields.put(key, field);
		return field;
	}

	private IdField resolve(FieldDeclaration declaration) {
		IdValueType valueType = IdValueType.of(declaration.javaType);
		if (valueType == null) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is a " + declaration.javaType.getName()
							+ ", which @TimeSortedId cannot fill.",
					"Make the attribute a String (every algorithm), a TypedId record (every algorithm), a Long or long "
							+ "(snowflake) or a java.util.UUID (uuidv7, ulid, hex-ulid).");
		}
		Map.Entry<String, TimeSortedIdSettings.EntitySettings> overrides = this.settings
			.entity(declaration.entityName, declaration.entityClass);
		String algorithmName = algorithmName(declaration, overrides);
		IdAlgorithm algorithm = algorithm(algorithmName);
		if (!valueType.accepts(algorithm)) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is a " + valueType.javaName() + ", but the algorithm '" + algorithmName
							+ "' does not make " + valueType.javaName() + " values.",
					(valueType == IdValueType.LONG) ? "Use the snowflake algorithm for Long IDs, or make the attribute a String."
							: "Use uuidv7, ulid or hex-ulid for UUID IDs, or make the attribute a String.");
		}
		String prefix = (valueType == IdValueType.TYPED) ? typedPrefix(declaration, overrides)
				: prefix(declaration, overrides, valueType);
		IdFormat format = format(declaration, prefix, algorithm);
		if (valueType.isText() && declaration.columnLength != null
				&& declaration.columnLength < format.length()) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " has a column of length " + declaration.columnLength + ", shorter than the "
							+ format.length() + " characters of its IDs (" + describeLength(format) + ").",
					"Set @Column(length = " + format.length() + ") or more on " + declaration.entityName + "."
							+ declaration.attribute + ", or remove the length to get the default of 255.");
		}
		if (valueType == IdValueType.TYPED) {
			@SuppressWarnings("unchecked")
			Class<? extends TypedId> typed = (Class<? extends TypedId>) declaration.javaType;
			TypedIds.bind(typed, format);
			warnOfDefaultToString(typed, format);
		}
		return new IdField(declaration.entityName, declaration.entityClass, declaration.attribute,
				declaration.identifier, valueType, declaration.javaType, format);
	}

	/**
	 * Warns when a typed ID's {@code toString()} is not its ID: a record's default gives
	 * {@code PostId[value=post_...]}, which then ends up in links, redirects and logs.
	 */
	private static void warnOfDefaultToString(Class<? extends TypedId> type, IdFormat format) {
		TypedId sample = TypedIds.of(type, format.next());
		String text = sample.toString();
		if (!text.equals(sample.value())) {
			System.getLogger(TimeSortedIdRegistry.class.getName())
				.log(System.Logger.Level.WARNING, type.getSimpleName() + ".toString() returns '" + text
						+ "', not the ID: links, redirects and log lines built from it will carry that. Override "
						+ "toString() in " + type.getName() + " to return value().");
		}
	}

	/** A typed ID's prefix is its type's {@code @IdPrefix}; annotation and properties may only agree. */
	private static String typedPrefix(FieldDeclaration declaration,
			Map.Entry<String, TimeSortedIdSettings.EntitySettings> overrides) {
		String declared;
		try {
			declared = TypedIds.prefixOf(declaration.javaType);
		}
		catch (IllegalStateException ex) {
			throw new TimeSortedIdConfigurationException(declaration.describe() + ": " + ex.getMessage() + ".",
					"Give each typed ID class an @IdPrefix of its own.");
		}
		String other = (declaration.prefix != null && !declaration.prefix.isEmpty()) ? declaration.prefix
				: (declaration.identifier && overrides != null) ? overrides.getValue().prefix() : null;
		if (other != null && !other.isEmpty() && !other.equals(declared)) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is a " + declaration.javaType.getSimpleName() + ", whose @IdPrefix is '"
							+ declared + "', but is configured with the prefix '" + other + "'.",
					"A typed ID owns its prefix: remove the other prefix, or change @IdPrefix on "
							+ declaration.javaType.getSimpleName() + ".");
		}
		return declared;
	}

	/**
	 * Reads any ID of a prefixed attribute: which entity and attribute its prefix belongs to, the
	 * algorithm, the body and the creation instant.
	 * @param id the text, e.g. {@code post_01jh...}
	 * @return what it says
	 * @throws InvalidIdException if the text is empty, too long, has no known prefix, or its body
	 * is not valid for that prefix's format
	 */
	public synchronized ParsedId parse(CharSequence id) {
		if (id == null || id.length() == 0) {
			throw new InvalidIdException(id, "an ID is not empty");
		}
		if (id.length() > this.longestId) {
			throw new InvalidIdException(id, "longer than any known ID (at most " + this.longestId + " characters)");
		}
		String text = id.toString();
		String separator = this.settings.separator();
		int end = text.lastIndexOf(separator);
		IdField field = (end > 0) ? this.fieldsByPrefix.get(text.substring(0, end)) : null;
		if (field != null) {
			String body = field.format().body(text);
			Instant createdAt = field.isTimeOrdered() ? field.format().instantOf(text) : null;
			return new ParsedId(text, field, body, createdAt);
		}
		return parseUnprefixed(text, this.unprefixedIdentifiers, end);
	}

	/**
	 * An ID without a known prefix: a {@code snowflake} number, a UUID or an unprefixed string. It
	 * resolves when exactly one unprefixed identifier attribute accepts it.
	 */
	private ParsedId parseUnprefixed(String text, List<IdField> unprefixed, int end) {
		List<IdField> accepting = new ArrayList<>();
		for (IdField candidate : unprefixed) {
			try {
				candidate.fromText(text);
				accepting.add(candidate);
			}
			catch (InvalidIdException ex) {
				// not this attribute's format
			}
		}
		if (accepting.size() == 1) {
			IdField field = accepting.get(0);
			Instant createdAt = field.isTimeOrdered() ? field.instantOf(field.fromText(text)) : null;
			return new ParsedId(text, field, text, createdAt);
		}
		if (accepting.size() > 1) {
			throw new InvalidIdException(text, "it could be an ID of " + String.join(", ", accepting.stream()
				.map(IdField::entityName)
				.toList()) + ", which make IDs of one format without a prefix to tell them apart; give them prefixes");
		}
		String known = this.fieldsByPrefix.isEmpty() ? ""
				: "; known prefixes are " + String.join(", ", new java.util.TreeSet<>(this.fieldsByPrefix.keySet()));
		String prefixProblem = (end > 0) ? "unknown prefix '" + text.substring(0, end) + "'"
				: "no prefix followed by '" + this.settings.separator() + "'";
		String unprefixedProblem = unprefixed.isEmpty() ? ""
				: ", and not an ID of " + String.join(", ", unprefixed.stream().map(IdField::entityName).toList());
		throw new InvalidIdException(text, prefixProblem + unprefixedProblem + known);
	}

	private String algorithmName(FieldDeclaration declaration,
			Map.Entry<String, TimeSortedIdSettings.EntitySettings> overrides) {
		if (overrides != null && overrides.getValue().algorithm() != null) {
			return overrides.getValue().algorithm();
		}
		if (declaration.algorithm == null || declaration.algorithm.isEmpty()) {
			return this.settings.algorithm();
		}
		if (!this.settings.algorithmNames().contains(declaration.algorithm)) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " names the unknown algorithm '" + declaration.algorithm + "'.",
					"Use one of " + String.join(", ", this.settings.algorithmNames()) + " in @TimeSortedId(algorithm = ...).");
		}
		return declaration.algorithm;
	}

	private static String prefix(FieldDeclaration declaration,
			Map.Entry<String, TimeSortedIdSettings.EntitySettings> overrides, IdValueType valueType) {
		boolean fromProperty = declaration.identifier && overrides != null && overrides.getValue().prefix() != null;
		String prefix = fromProperty ? overrides.getValue().prefix() : declaration.prefix;
		String source = fromProperty ? TimeSortedIdSettings.ENTITIES + overrides.getKey() + ".prefix"
				: "@TimeSortedId(prefix = ...)";
		if (prefix == null || prefix.isEmpty()) {
			return "";
		}
		if (valueType != IdValueType.STRING) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is a " + valueType.javaName() + " with the prefix '" + prefix + "' from "
							+ source + ", but only String IDs carry a prefix.",
					"Remove the prefix, or make the attribute a String.");
		}
		String problem = Prefixes.problem(prefix);
		if (problem != null) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " has the invalid prefix '" + prefix + "' from " + source + ": " + problem + ".",
					"Use 1 to 63 lowercase letters a-z and '_', starting and ending with a letter (the TypeID rules), "
							+ "e.g. post.");
		}
		return prefix;
	}

	private IdFormat format(FieldDeclaration declaration, String prefix, IdAlgorithm algorithm) {
		if (!prefix.isEmpty()) {
			String problem = IdFormat.separatorProblem(this.settings.separator(), algorithm);
			if (problem != null) {
				throw new TimeSortedIdConfigurationException(
						declaration.describe() + " cannot use the separator '" + this.settings.separator() + "': " + problem
								+ ".",
						"Set " + TimeSortedIdSettings.SEPARATOR + " to a character that is not in " + algorithm.name()
								+ " bodies, e.g. _ or :, or choose another algorithm or encoding.");
			}
		}
		return IdFormat.of(prefix, this.settings.separator(), algorithm);
	}

	private static String describeLength(IdFormat format) {
		String body = format.algorithm().bodyLength() + "-character " + format.algorithm() + " body";
		return format.prefix().isEmpty() ? body
				: "prefix '" + format.prefix() + "', separator '" + format.separator() + "' and a " + body;
	}

	/**
	 * Fails if an entity override names no entity with a {@code @TimeSortedId} attribute, since a
	 * mistyped entity name would otherwise be ignored without a word.
	 */
	synchronized void verifyEntityOverridesUsed() {
		for (String entity : this.settings.entities().keySet()) {
			IdField inherited = this.inheritors.entrySet()
				.stream()
				.filter(entry -> entry.getKey().equalsIgnoreCase(entity))
				.map(Map.Entry::getValue)
				.findFirst()
				.orElse(null);
			if (inherited != null && this.settings.entity(inherited.entityName(), inherited.entityClass()) == null) {
				throw new TimeSortedIdConfigurationException(
						"The property " + TimeSortedIdSettings.ENTITIES + entity + ".* names an entity that inherits its ID "
								+ "attribute from " + inherited + ": every entity of one hierarchy shares one ID attribute, "
								+ "one prefix and one algorithm.",
						"Set " + TimeSortedIdSettings.ENTITIES + inherited.entityName() + ".* instead, or remove "
								+ TimeSortedIdSettings.ENTITIES + entity + ".*.");
			}
			if (inherited != null) {
				continue;
			}
			boolean used = this.fields.values().stream()
				.anyMatch(field -> this.settings.entity(field.entityName(), field.entityClass()) != null
						&& this.settings.entity(field.entityName(), field.entityClass()).getKey().equals(entity));
			if (!used) {
				List<String> known = this.fields.values().stream().map(IdField::entityName).distinct().toList();
				throw new TimeSortedIdConfigurationException(
						"The property " + TimeSortedIdSettings.ENTITIES + entity
								+ ".* names no entity with a @TimeSortedId attribute.",
						"Use the JPA entity name of an entity with a @TimeSortedId attribute"
								+ (known.isEmpty() ? "" : " (" + String.join(", ", known) + ")")
								+ ", or remove the property.");
			}
		}
	}

}
