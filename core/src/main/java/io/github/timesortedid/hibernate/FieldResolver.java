package io.github.timesortedid.hibernate;

import java.util.Map;
import java.util.function.Function;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidPrefixException;
import io.github.timesortedid.id.InvalidSeparatorException;
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
		Map.Entry<String, TimeSortedIdSettings.EntitySettings> overrides = this.settings
			.entity(declaration.entityName(), declaration.entityClass());
		String algorithmName = algorithmName(declaration, overrides);
		IdAlgorithm algorithm = this.algorithms.apply(algorithmName);
		if (!valueType.accepts(algorithm)) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is " + Nouns.withArticle(valueType.javaName()) + ", but the algorithm '"
							+ algorithmName + "' does not make " + valueType.javaName() + " values.",
					valueType.algorithmAdvice());
		}
		String prefix = (valueType == IdValueType.TYPED) ? typedPrefix(declaration, overrides)
				: prefix(declaration, overrides, valueType);
		IdFormat format = format(declaration, prefix, algorithm);
		if (valueType.isText() && declaration.columnLength() != null
				&& declaration.columnLength() < format.length()) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " has a column of length " + declaration.columnLength() + ", shorter than the "
							+ format.length() + " characters of its IDs (" + describeLength(format) + ").",
					"Set @Column(length = " + format.length() + ") or more on " + declaration.entityName() + "."
							+ declaration.attribute() + ", or remove the length to get the default of 255.");
		}
		return new IdField(declaration, valueType, format);
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
						+ "toString() in " + type.getName() + " to return value().");
		}
	}

	/** A typed ID's prefix is its type's {@code @IdPrefix}; annotation and properties may only agree. */
	private static String typedPrefix(FieldDeclaration declaration,
			Map.@Nullable Entry<String, TimeSortedIdSettings.EntitySettings> overrides) {
		String declared;
		try {
			declared = TypedIds.prefixOf(declaration.javaType());
		}
		catch (TimeSortedIdConfigurationException ex) {
			throw new TimeSortedIdConfigurationException(declaration.describe() + ": " + ex.getDescription(),
					ex.getAction());
		}
		String other = (declaration.prefix() != null && !declaration.prefix().isEmpty()) ? declaration.prefix()
				: (declaration.identifier() && overrides != null) ? overrides.getValue().prefix() : null;
		if (other != null && !other.isEmpty() && !other.equals(declared)) {
			throw new TimeSortedIdConfigurationException(
					declaration.describe() + " is " + Nouns.withArticle(declaration.javaType().getSimpleName()) + ", whose @IdPrefix is '"
							+ declared + "', but is configured with the prefix '" + other + "'.",
					"A typed ID owns its prefix: remove the other prefix, or change @IdPrefix on "
							+ declaration.javaType().getSimpleName() + ".");
		}
		return declared;
	}

	private String algorithmName(FieldDeclaration declaration,
			Map.@Nullable Entry<String, TimeSortedIdSettings.EntitySettings> overrides) {
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
			Map.@Nullable Entry<String, TimeSortedIdSettings.EntitySettings> overrides, IdValueType valueType) {
		boolean fromProperty = declaration.identifier() && overrides != null && overrides.getValue().prefix() != null;
		String prefix = fromProperty ? overrides.getValue().prefix() : declaration.prefix();
		String source = fromProperty ? TimeSortedIdSettings.ENTITIES + overrides.getKey() + ".prefix"
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
					"Set " + TimeSortedIdSettings.SEPARATOR + " to a character that is not in " + algorithm.name()
							+ " bodies, e.g. _ or :, or choose another algorithm or encoding.");
		}
	}

	private static String describeLength(IdFormat format) {
		String body = format.algorithm().bodyLength() + "-character " + format.algorithm() + " body";
		return format.prefix().isEmpty() ? body
				: "prefix '" + format.prefix() + "', separator '" + format.separator() + "' and " + Nouns.withArticle(body);
	}

}
