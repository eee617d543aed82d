package io.github.timesortedid.model;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidPrefixException;
import io.github.timesortedid.id.InvalidSeparatorException;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.Nouns;
import io.github.timesortedid.id.Prefixes;
import org.jspecify.annotations.Nullable;

/**
 * Works out, at startup, what one {@code @TimeSortedId} attribute is: its Java type's kind, its
 * algorithm, prefix and format, from the annotation, the per-entity overrides and the settings,
 * and refuses what cannot work with a message naming the attribute and what to change.
 *
 * @param settings the settings
 * @param algorithms the generator of each algorithm name
 */
record FieldResolver(TimeSortedIdSettings settings, Function<String, IdAlgorithm> algorithms) {

	IdField resolve(FieldDeclaration declaration) {
		IdValueType valueType = IdValueType.of(declaration.javaType());
		if (valueType == null) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is " + Nouns.withArticle(declaration.javaType().getName())
							+ ", which @TimeSortedId cannot fill.",
					"Make the attribute " + IdValueType.choices() + ".");
		}
		Map.Entry<String, EntitySettings> overrides = this.settings
			.entity(declaration.entityName(), declaration.entityClass());
		String algorithmName = algorithmName(declaration, overrides);
		IdAlgorithm algorithm = this.algorithms.apply(algorithmName);
		if (!valueType.accepts(algorithm)) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is " + Nouns.withArticle(valueType.javaName()) + ", but the algorithm '"
							+ algorithmName + "' does not make " + valueType.javaName() + " values.",
					valueType.algorithmAdvice());
		}
		Class<?> prefixed = prefixedType(declaration, valueType);
		String prefix = (prefixed != null) ? typedPrefix(declaration, prefixed, overrides)
				: prefix(declaration, overrides, valueType);
		IdFormat format = format(declaration, prefix, algorithm);
		BinaryIdFormat binary = valueType.isText() ? binary(declaration, overrides, format) : null;
		if (valueType.isText() && binary == null && declaration.columnLength() != null
				&& declaration.columnLength() < format.length()) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " has a column of length " + declaration.columnLength() + ", shorter than the "
							+ format.length() + " characters of its IDs (" + describeLength(format) + ").",
					"Set @Column(length = " + format.length() + ") or more on " + declaration.entityName() + "."
							+ declaration.attribute() + ", or remove the length to get the default of 255.");
		}
		return new IdField(declaration, valueType, format, binary);
	}

	/**
	 * Works out an attribute's storage: the entity's property, else the annotation, else the
	 * setting.
	 */
	IdStorage storage(FieldDeclaration declaration) {
		return storage(declaration, this.settings.entity(declaration.entityName(), declaration.entityClass())).getKey();
	}

	/** The storage and where it comes from, for messages. */
	private Map.Entry<IdStorage, String> storage(FieldDeclaration declaration,
			Map.@Nullable Entry<String, EntitySettings> overrides) {
		if (overrides != null && overrides.getValue().storage() != null
				&& overrides.getValue().storage() != IdStorage.DEFAULT) {
			return Map.entry(overrides.getValue().storage(), PropertyNames.ENTITIES + overrides.getKey() + ".storage");
		}
		if (declaration.storage() != IdStorage.DEFAULT) {
			return Map.entry(declaration.storage(), "@TimeSortedId(storage = " + declaration.storage() + ")");
		}
		return Map.entry(this.settings.storage(), PropertyNames.STORAGE);
	}

	/** The binary form of a text attribute stored as bytes; {@code null} for text storage. */
	private @Nullable BinaryIdFormat binary(FieldDeclaration declaration,
			Map.@Nullable Entry<String, EntitySettings> overrides, IdFormat format) {
		Map.Entry<IdStorage, String> storage = storage(declaration, overrides);
		if (storage.getKey() != IdStorage.BINARY) {
			return null;
		}
		BinaryIdFormat binary = format.binary();
		if (binary == null) {
			List<String> binaryAlgorithms = IdAlgorithms.names().stream().filter(FieldResolver::hasBinaryForm).toList();
			throw new TimeSortedIdConfigurationException(declaration.describe() + " is stored as binary (from "
					+ storage.getValue() + "), but " + format.algorithm().name()
					+ " IDs have no fixed-size binary form.",
					"Store the attribute as text with @TimeSortedId(storage = IdStorage.TEXT) or "
							+ PropertyNames.ENTITIES + declaration.entityName() + ".storage=text, or use an algorithm "
							+ "with a fixed-size body: " + String.join(", ", binaryAlgorithms) + ".");
		}
		return binary;
	}

	private static boolean hasBinaryForm(String algorithm) {
		try {
			return IdAlgorithms.create(algorithm, AlgorithmOptions.defaults()).binaryBody() != null;
		}
		catch (InvalidSettingException ex) {
			// an algorithm that cannot run on the defaults (couchdb-utc-id needs a suffix) has none either
			return false;
		}
	}

	/**
	 * Warns when a typed ID's {@code toString()} is not its ID: a record's default gives
	 * {@code PostId[value=post_...]}, which then ends up in links, redirects and logs.
	 */
	static void warnOfDefaultToString(Class<? extends TypedId> type, IdFormat format) {
		TypedId sample = TypedIds.of(type, format.next());
		String text = sample.toString();
		if (!text.equals(sample.value())) {
			System.getLogger(FieldResolver.class.getName())
				.log(System.Logger.Level.WARNING, type.getSimpleName() + ".toString() returns '" + text
						+ "', not the ID: links, redirects and log lines built from it will carry that. Override "
						+ "toString() in " + type.getName() + " to return value()"
						+ (KotlinValueClasses.isValueClass(type) ? " (override fun toString() = value)."
								: " (a Kotlin class can extend AbstractTypedId instead, whose toString() is the ID)."));
		}
	}

	/**
	 * The class whose {@code @IdPrefix} is the attribute's prefix: a typed ID, or a Kotlin value class
	 * that is one ({@code TypedId} or {@code @IdPrefix}) and holds a {@code String}, which is what the
	 * JVM field and Hibernate see; {@code null} for an attribute that takes its prefix from the mapping.
	 */
	static @Nullable Class<?> prefixedType(FieldDeclaration declaration, IdValueType valueType) {
		// a value class the JVM keeps boxed (a nullable one over a primitive, a generic one) is the attribute's type
		Class<?> valueClass = (valueType == IdValueType.TYPED && KotlinValueClasses.isValueClass(declaration.javaType()))
				? declaration.javaType() : declaration.valueClass();
		if (valueType == IdValueType.TYPED && valueClass == null) {
			return declaration.javaType();
		}
		if (valueClass == null
				|| !(TypedId.class.isAssignableFrom(valueClass) || valueClass.isAnnotationPresent(IdPrefix.class))) {
			return null;
		}
		Class<?> underlying = KotlinValueClasses.underlyingType(valueClass);
		if (underlying != String.class) {
			throw new TimeSortedIdConfigurationException(declaration.describe() + " is " + Nouns.withArticle(valueClass.getName())
					+ ", a Kotlin value class with a prefix holding " + Nouns.withArticle(underlying.getSimpleName())
					+ ", but prefixed IDs are text.",
					"Make the value class hold a String, e.g. @JvmInline @IdPrefix(\"post\") value class PostId(val value: "
							+ "String) : TypedId, or use a data class: " + TypedIds.KOTLIN_FORM + ".");
		}
		return valueClass;
	}

	/** A typed ID's prefix is its type's {@code @IdPrefix}; annotation and properties may only agree. */
	private static String typedPrefix(FieldDeclaration declaration, Class<?> type,
			Map.@Nullable Entry<String, EntitySettings> overrides) {
		String declared;
		try {
			declared = TypedIds.prefixOf(type);
		}
		catch (TimeSortedIdConfigurationException ex) {
			throw new TimeSortedIdConfigurationException(declaration.describe() + ": " + ex.getDescription(),
					ex.getAction());
		}
		String other = (declaration.prefix() != null && !declaration.prefix().isEmpty()) ? declaration.prefix()
				: (declaration.identifier() && overrides != null) ? overrides.getValue().prefix() : null;
		if (other != null && !other.isEmpty() && !other.equals(declared)) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is " + Nouns.withArticle(type.getSimpleName()) + ", whose @IdPrefix is '"
							+ declared + "', but is configured with the prefix '" + other + "'.",
					"A typed ID owns its prefix: remove the other prefix, or change @IdPrefix on "
							+ type.getSimpleName() + ".");
		}
		return declared;
	}

	private String algorithmName(FieldDeclaration declaration,
			Map.@Nullable Entry<String, EntitySettings> overrides) {
		if (overrides != null && overrides.getValue().algorithm() != null) {
			return overrides.getValue().algorithm();
		}
		if (declaration.algorithm() == null || declaration.algorithm().isEmpty()) {
			return this.settings.algorithm();
		}
		if (!this.settings.algorithmNames().contains(declaration.algorithm())) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " names the unknown algorithm '" + declaration.algorithm() + "'.",
					"Use one of " + String.join(", ", this.settings.algorithmNames()) + " in @TimeSortedId(algorithm = ...).");
		}
		return declaration.algorithm();
	}

	private static String prefix(FieldDeclaration declaration,
			Map.@Nullable Entry<String, EntitySettings> overrides, IdValueType valueType) {
		boolean fromProperty = declaration.identifier() && overrides != null && overrides.getValue().prefix() != null;
		String prefix = fromProperty ? overrides.getValue().prefix() : declaration.prefix();
		String source = fromProperty ? PropertyNames.ENTITIES + overrides.getKey() + ".prefix"
				: "@TimeSortedId(prefix = ...)";
		if (prefix == null || prefix.isEmpty()) {
			return "";
		}
		if (valueType != IdValueType.STRING) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is " + Nouns.withArticle(valueType.javaName()) + " with the prefix '" + prefix + "' from "
							+ source + ", but only String IDs carry a prefix.",
					"Remove the prefix, or make the attribute a String.");
		}
		try {
			return Prefixes.check(prefix);
		}
		catch (InvalidPrefixException ex) {
			throw new TimeSortedIdConfigurationException(declaration.describe() + " has the invalid prefix '" + prefix
					+ "' from " + source + ": " + ex.getReason() + ".", Prefixes.ADVICE);
		}
	}

	private IdFormat format(FieldDeclaration declaration, String prefix, IdAlgorithm algorithm) {
		try {
			return IdFormat.of(prefix, this.settings.separator(), algorithm);
		}
		catch (InvalidSeparatorException ex) {
			throw new TimeSortedIdConfigurationException(declaration.describe() + " cannot use the separator '"
					+ this.settings.separator() + "': " + ex.getReason() + ".",
					"Set " + PropertyNames.SEPARATOR + " to a character that is not in " + algorithm.name()
							+ " bodies, e.g. _ or :, or choose another algorithm or encoding.");
		}
	}

	private static String describeLength(IdFormat format) {
		String body = format.algorithm().bodyLength() + "-character " + format.algorithm() + " body";
		return format.prefix().isEmpty() ? body
				: "prefix '" + format.prefix() + "', separator '" + format.separator() + "' and " + Nouns.withArticle(body);
	}

}
