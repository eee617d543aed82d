package io.github.timesortedid.partitioning;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.IdField;
import org.jspecify.annotations.Nullable;

/**
 * A table partitioned by ranges of its {@code @Id @TimeSortedId} column, with the tables that depend
 * on it (collection tables, {@code JOINED} subclass tables, tables whose primary key holds a
 * foreign key to it), which are partitioned alike by their foreign key so that a partition's rows
 * and theirs are retired together. Bounds are {@link IdField#partitionBound(Instant)} of the
 * instants intervals start at; this class turns them into the values and SQL literals the
 * column takes, and reads them back.
 */
public final class PartitionedTable {

	/**
	 * The most intervals whose bounds are kept for lookups: more than hourly partitions of a year;
	 * past it they are made again.
	 */
	private static final int MOST_INTERVALS_KEPT = 10_000;

	private final IdField field;

	private final PartitionSettings settings;

	private final ColumnFamily family;

	private final List<Part> parts;

	/** The bounds of the intervals lookups were in, by the instant each starts at; see {@link #intervalOf}. */
	private final Map<Instant, Edges> intervals = new ConcurrentHashMap<>();

	/**
	 * Describes a partitioned table.
	 * @param field the entity's {@code @Id} attribute, whose values cut the partitions
	 * @param settings the checked settings
	 * @param family the kind of column of the key
	 * @param parts the entity's table first, then the tables partitioned alike
	 */
	public PartitionedTable(IdField field, PartitionSettings settings, ColumnFamily family, List<Part> parts) {
		this.field = field;
		this.settings = settings;
		this.family = family;
		this.parts = List.copyOf(parts);
	}

	/**
	 * One table partitioned by the IDs: the entity's own table first, then its dependents.
	 *
	 * @param schema the schema, or {@code null} for the connection's own
	 * @param name the table name, unquoted
	 * @param column the column whose ranges are partitions: the ID, or the foreign key to it
	 * @param quoted whether the names are quoted identifiers
	 */
	public record Part(@Nullable String schema, String name, String column, boolean quoted) {
	}

	/**
	 * Returns the entity's {@code @Id} attribute.
	 * @return the attribute
	 */
	public IdField field() {
		return this.field;
	}

	/**
	 * Returns the JPA entity name.
	 * @return the entity name
	 */
	public String entityName() {
		return this.field.entityName();
	}

	/**
	 * Returns the entity's table name, unquoted.
	 * @return the table
	 */
	public String table() {
		return this.parts.get(0).name();
	}

	/**
	 * Returns the tables partitioned alike because they depend on the entity's table.
	 * @return the dependent table names, unquoted
	 */
	public List<String> dependents() {
		return this.parts.stream().skip(1).map(Part::name).toList();
	}

	/**
	 * Returns the settings.
	 * @return interval, premake and retention
	 */
	public PartitionSettings settings() {
		return this.settings;
	}

	/**
	 * Returns the tables partitioned alike: the entity's table first, then its dependents.
	 * @return the tables
	 */
	public List<Part> parts() {
		return this.parts;
	}

	ColumnFamily family() {
		return this.family;
	}

	/**
	 * Returns the starts of the intervals whose partitions should exist at an instant: the current
	 * one and the {@code premake} following.
	 * @param now the current time
	 * @return the starts, oldest first
	 */
	public List<Instant> wanted(Instant now) {
		List<Instant> starts = new ArrayList<>();
		Instant start = this.settings.interval().start(now);
		for (int i = 0; i <= this.settings.premake(); i++) {
			starts.add(start);
			start = this.settings.interval().next(start);
		}
		return starts;
	}

	/**
	 * Returns the bound of an instant as a JDBC parameter of the column: a {@code String}, a
	 * {@code Long}, a {@code UUID} (also for text attributes stored as binary in a {@code uuid}
	 * column) or a {@code byte[]}.
	 * @param instant an instant on a whole unit of the algorithm's precision
	 * @return the value
	 */
	public Object bound(Instant instant) {
		return inColumn(this.field.partitionBound(instant));
	}

	/**
	 * Returns the value the column holds for an ID, as {@link #bound(Instant)} gives bounds.
	 * @param id a value of the attribute's Java type
	 * @return a {@code String}, {@code Long}, {@code UUID} or {@code byte[]}
	 */
	Object columnValue(Object id) {
		return inColumn(this.field.valueType().isText()
				? PartitionBounds.textColumn(this.field, this.field.valueType().unwrap(id)) : id);
	}

	private Object inColumn(Object value) {
		return (this.family == ColumnFamily.UUID && value instanceof byte[] bytes) ? uuid(bytes) : value;
	}

	/**
	 * Returns the bounds of the interval an ID was made in, as SQL literals, if the ID's column value
	 * lies between them. A lookup of the ID may then add {@code id >= lower AND id < upper}, which its
	 * {@code id = ?} implies, so that PostgreSQL prunes when it plans the statement, also for a generic
	 * plan, which it then keeps instead of planning every lookup. An ID that is not one of these
	 * attribute's (another prefix, another format, a time beyond the algorithm's range) or whose
	 * text is not in the canonical form the bounds are made in gets none: its lookup stays as it was.
	 * @param id a value of the attribute's Java type
	 * @return the bounds, or {@code null}
	 */
	public @Nullable Interval intervalOf(Object id) {
		try {
			Edges edges = edges(this.settings.interval().start(this.field.instantOf(id)));
			Object value = columnValue(id);
			if (this.family.compare(edges.lower(), value) > 0 || this.family.compare(value, edges.upper()) >= 0) {
				return null;
			}
			return edges.literals();
		}
		catch (RuntimeException ex) {
			return null; // not an ID this attribute makes or reads; the lookup finds it, or not, as before
		}
	}

	/** The bounds of the interval that starts at an instant, made once: lookups ask for the same few again and again. */
	private Edges edges(Instant start) {
		Edges edges = this.intervals.get(start);
		if (edges == null) {
			if (this.intervals.size() >= MOST_INTERVALS_KEPT) {
				this.intervals.clear();
			}
			Object lower = bound(start);
			Object upper = bound(this.settings.interval().next(start));
			edges = new Edges(lower, upper, new Interval(literalOf(lower), literalOf(upper)));
			this.intervals.put(start, edges);
		}
		return edges;
	}

	/**
	 * The bounds of an interval as column values and as SQL literals.
	 * @param lower the column value that starts it
	 * @param upper the column value that starts the next
	 * @param literals both as SQL literals
	 */
	private record Edges(Object lower, Object upper, Interval literals) {
	}

	/**
	 * The bounds of one interval as SQL literals of the column's type.
	 * @param lower the lowest value of the interval
	 * @param upper the lowest value of the next interval
	 */
	public record Interval(String lower, String upper) {

		/**
		 * The condition on a column that holds the interval's values, to follow another with {@code and}.
		 * @param column the column
		 * @return the string
		 */
		public String condition(String column) {
			return " and " + column + ">=" + this.lower + " and " + column + "<" + this.upper;
		}

	}

	/** The bound of an instant as an SQL literal of the column's type. */
	String literal(Instant instant) {
		return literalOf(bound(instant));
	}

	private String literalOf(Object bound) {
		return switch (this.family) {
			case TEXT -> "'" + ((String) bound).replace("'", "''") + "'";
			case BIGINT -> bound.toString();
			case UUID -> "'" + bound + "'";
			case BINARY -> "'\\x" + HexFormat.of().formatHex((byte[]) bound) + "'";
		};
	}

	/**
	 * Reads the instant of a bound or a value of the column: a JDBC value ({@code String},
	 * {@code Number}, {@code UUID}, {@code byte[]}) or the text of a literal as a catalog prints it.
	 * @return the instant, or {@code null} if the value is no bound of these IDs
	 */
	@Nullable Instant instantOf(Object value) {
		try {
			return switch (this.family) {
				case TEXT -> textInstant(value.toString());
				case BIGINT -> this.field.instantOf((value instanceof Number number) ? number.longValue()
						: Long.parseLong(value.toString().trim()));
				case UUID -> uuidInstant((value instanceof UUID uuid) ? uuid : UUID.fromString(value.toString()));
				case BINARY -> binaryInstant((value instanceof byte[] bytes) ? bytes
						: HexFormat.of().parseHex(value.toString().replaceFirst("^\\\\x", "")));
			};
		}
		catch (RuntimeException ex) {
			return null; // a bound someone else chose, or a value of another format
		}
	}

	/** A bound may be shorter than a body ({@code couchdb-utc-id}'s has no suffix): it reads as the lowest body it starts. */
	private Instant textInstant(String text) {
		TimeOrderedIdAlgorithm algorithm = this.field.timeOrdered();
		String head = this.field.format().bound(algorithm.minInstant());
		String lowest = this.field.format().lowest(algorithm.minInstant());
		String id = (text.length() < lowest.length() && text.length() >= head.length())
				? text + lowest.substring(text.length()) : text;
		return this.field.format().instantOf(id);
	}

	private Instant uuidInstant(UUID value) {
		BinaryIdFormat binary = this.field.binary();
		return (binary != null) ? binary.format().instantOf(binary.fromUuid(value)) : this.field.instantOf(value);
	}

	private Instant binaryInstant(byte[] value) {
		BinaryIdFormat binary = this.field.binary();
		if (binary == null) {
			throw new IllegalStateException("no binary form");
		}
		return binary.format().instantOf(binary.fromBytes(value));
	}

	private static UUID uuid(byte[] bytes) {
		long high = 0;
		long low = 0;
		for (int i = 0; i < 8; i++) {
			high = (high << 8) | (bytes[i] & 0xFF);
			low = (low << 8) | (bytes[i + 8] & 0xFF);
		}
		return new UUID(high, low);
	}

	@Override
	public String toString() {
		return table() + " (" + entityName() + ", by " + this.settings.interval().name().toLowerCase(java.util.Locale.ROOT)
				+ ")";
	}

}
