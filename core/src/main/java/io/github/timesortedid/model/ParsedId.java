package io.github.timesortedid.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;
import org.jspecify.annotations.Nullable;

/**
 * What an ID string says about itself: the entity type its prefix belongs to, the algorithm, the
 * body and, for time-ordered algorithms, the creation instant. Made by
 * {@link TimeSortedIdRegistry#parse}.
 */
public final class ParsedId {

	private final String id;

	private final IdField field;

	private final String body;

	private final @Nullable Instant createdAt;

	ParsedId(String id, IdField field, String body, @Nullable Instant createdAt) {
		this.id = id;
		this.field = field;
		this.body = body;
		this.createdAt = createdAt;
	}

	/**
	 * Returns the ID as given.
	 * @return the ID text
	 */
	public String id() {
		return this.id;
	}

	/**
	 * Returns the attribute whose format the ID has.
	 * @return the attribute
	 */
	public IdField field() {
		return this.field;
	}

	/**
	 * Returns the JPA entity name, e.g. {@code Post}.
	 * @return the entity name
	 */
	public String entityName() {
		return this.field.entityName();
	}

	/**
	 * Returns the prefix.
	 * @return the prefix
	 */
	public String prefix() {
		return this.field.format().prefix();
	}

	/**
	 * Returns the algorithm name.
	 * @return the algorithm
	 */
	public String algorithm() {
		return this.field.format().algorithm().name();
	}

	/**
	 * Returns the body, without prefix and separator.
	 * @return the body
	 */
	public String body() {
		return this.body;
	}

	/**
	 * Returns the creation instant, at the algorithm's precision, for time-ordered algorithms.
	 * @return the instant, or empty for {@code random}, {@code couchdb-random} and {@code couchdb-sequential}
	 */
	public Optional<Instant> createdAt() {
		return Optional.ofNullable(this.createdAt);
	}

	/**
	 * Returns the bit layout of the body: its fields in order, with their names, widths and values.
	 * @return the fields, as {@link IdAlgorithm#segments(CharSequence)} describes them
	 */
	public List<IdSegment> segments() {
		IdAlgorithm algorithm = this.field.format().algorithm();
		// a Long or UUID attribute's ID is its own text (a decimal number, the 8-4-4-4-12 form), not
		// the algorithm's body: describe the value as the algorithm writes it
		Object value = value();
		if (value instanceof Long number && algorithm instanceof LongIdAlgorithm longs) {
			return algorithm.segments(longs.encode(number));
		}
		if (value instanceof UUID uuid && algorithm instanceof UuidIdAlgorithm uuids) {
			return algorithm.segments(uuids.encode(uuid));
		}
		return algorithm.segments(this.body);
	}

	/**
	 * Returns the ID as a value of the attribute's Java type: the string, or a {@code TypedId}.
	 * @return the attribute value
	 */
	public Object value() {
		return this.field.fromText(this.id);
	}

	@Override
	public String toString() {
		return this.id + " (" + entityName() + ", " + algorithm() + ")";
	}

}
