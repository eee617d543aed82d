package io.github.timesortedid.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import org.jspecify.annotations.Nullable;

/**
 * What a registry has mapped, as an immutable value: the attributes, the prefix index and the
 * typed ID formats. Registration at startup makes a new catalog for each attribute; requests read
 * the current one without a lock.
 *
 * @param separator the text between prefix and body
 * @param fields the attributes by {@code entity#attribute}, in registration order
 * @param byPrefix the prefixed attributes by prefix
 * @param inheritors entity subclasses that inherit their root entity's identifier
 * @param unprefixedIdentifiers identifier attributes without a prefix, which an unprefixed ID is tried against
 * @param typedIdFormats the format of each typed ID class
 * @param longestId the length of the longest ID text {@link #parse} can meet
 */
record IdCatalog(String separator, Map<String, IdField> fields, Map<String, IdField> byPrefix,
		Map<String, IdField> inheritors, List<IdField> unprefixedIdentifiers, Map<Class<?>, IdFormat> typedIdFormats,
		int longestId) {

	IdCatalog {
		fields = copy(fields);
		byPrefix = copy(byPrefix);
		inheritors = copy(inheritors);
		unprefixedIdentifiers = List.copyOf(unprefixedIdentifiers);
		typedIdFormats = copy(typedIdFormats);
	}

	static IdCatalog empty(String separator) {
		return new IdCatalog(separator, Map.of(), Map.of(), Map.of(), List.of(), Map.of(), 0);
	}

	/** Returns this catalog with one more attribute. */
	IdCatalog with(String key, IdField field) {
		Map<String, IdField> allFields = new LinkedHashMap<>(this.fields);
		allFields.put(key, field);
		Map<String, IdField> prefixed = new LinkedHashMap<>(this.byPrefix);
		List<IdField> unprefixed = new ArrayList<>(this.unprefixedIdentifiers);
		String prefix = field.format().prefix();
		if (!prefix.isEmpty()) {
			prefixed.put(prefix, field);
		}
		else if (field.isIdentifier()) {
			unprefixed.add(field);
		}
		int longest = (!prefix.isEmpty() || field.isIdentifier()) ? Math.max(this.longestId, field.longestText())
				: this.longestId;
		return new IdCatalog(this.separator, allFields, prefixed, this.inheritors, unprefixed, this.typedIdFormats, longest);
	}

	/** Returns this catalog with an entity subclass that inherits its identifier. */
	IdCatalog withInheritor(String entityName, IdField rootIdentifier) {
		Map<String, IdField> all = new LinkedHashMap<>(this.inheritors);
		all.put(entityName, rootIdentifier);
		return new IdCatalog(this.separator, this.fields, this.byPrefix, all, this.unprefixedIdentifiers,
				this.typedIdFormats, this.longestId);
	}

	/** Returns this catalog with the format of a typed ID class. */
	IdCatalog withTypedId(Class<?> type, IdFormat format) {
		Map<Class<?>, IdFormat> all = new LinkedHashMap<>(this.typedIdFormats);
		all.putIfAbsent(type, format);
		return new IdCatalog(this.separator, this.fields, this.byPrefix, this.inheritors, this.unprefixedIdentifiers, all,
				this.longestId);
	}

	/**
	 * Reads any ID: which entity and attribute its prefix belongs to, or, without a known prefix,
	 * the one unprefixed identifier attribute that accepts it.
	 */
	ParsedId parse(@Nullable CharSequence id) {
		if (id == null || id.length() == 0) {
			throw new InvalidIdException(id, "an ID is not empty");
		}
		if (id.length() > this.longestId) {
			throw new InvalidIdException(id, "longer than any known ID (at most " + this.longestId + " characters)");
		}
		String text = id.toString();
		int end = text.lastIndexOf(this.separator);
		IdField field = (end > 0) ? this.byPrefix.get(text.substring(0, end)) : null;
		if (field != null) {
			String body = field.format().body(text);
			Instant createdAt = field.isTimeOrdered() ? field.format().instantOf(text) : null;
			return new ParsedId(text, field, body, createdAt);
		}
		return parseUnprefixed(text, end);
	}

	/**
	 * An ID without a known prefix: a {@code snowflake} number, a UUID or an unprefixed string. It
	 * resolves when exactly one unprefixed identifier attribute accepts it.
	 */
	private ParsedId parseUnprefixed(String text, int end) {
		List<IdField> accepting = new ArrayList<>();
		for (IdField candidate : this.unprefixedIdentifiers) {
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
		String known = this.byPrefix.isEmpty() ? ""
				: "; known prefixes are " + String.join(", ", new TreeSet<>(this.byPrefix.keySet()));
		String prefixProblem = (end > 0) ? "unknown prefix '" + text.substring(0, end) + "'"
				: "no prefix followed by '" + this.separator + "'";
		String unprefixedProblem = this.unprefixedIdentifiers.isEmpty() ? ""
				: ", and not an ID of " + String.join(", ", this.unprefixedIdentifiers.stream().map(IdField::entityName).toList());
		throw new InvalidIdException(text, prefixProblem + unprefixedProblem + known);
	}

	private static <K, V> Map<K, V> copy(Map<K, V> map) {
		return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(map));
	}

}
