package io.github.timesortedid.partitioning;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.config.RetentionAction;
import io.github.timesortedid.hibernate.TicketId;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.SnowflakeEncoding;
import io.github.timesortedid.id.Uuidv7Encoding;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.FieldDeclaration;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.IdValueType;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An ID minted for an instant ({@link IdField#nextAt}) lies within the partition bounds of that
 * instant's interval, in the column's own order, for every time-ordered algorithm and encoding, as a
 * {@code String}, a typed ID, a {@code Long} and a {@code UUID}, stored as text and as binary, in
 * intervals of an hour to a year: the partition its row goes to is the one of the instant asked for.
 */
class MintedIdBoundsProperties {

	/** 2015 to 2078, and the ends of their intervals: inside every range, ksuid's (from 2014) and snowflake's (to 2080). */
	private static final long FROM = 1_420_070_400L; // 2015-01-01T00:00:00Z

	private static final long TO = 3_439_756_800L; // 2079-01-01T00:00:00Z

	/**
	 * One kind of attribute: its Java type, algorithm and options, storage.
	 * @param label for messages
	 * @param type the Java type
	 * @param algorithm the algorithm
	 * @param options its options
	 * @param binary whether the column holds the body's bytes
	 */
	record Kind(String label, Class<?> type, String algorithm, AlgorithmOptions options, boolean binary) {

		@Override
		public String toString() {
			return this.label;
		}

	}

	@Provide
	Arbitrary<Kind> kinds() {
		AlgorithmOptions defaults = AlgorithmOptions.defaults();
		List<Kind> kinds = new java.util.ArrayList<>();
		for (Uuidv7Encoding encoding : Uuidv7Encoding.values()) {
			kinds.add(new Kind("uuidv7/" + encoding, String.class, IdAlgorithms.UUIDV7,
					AlgorithmOptions.builder().uuidv7Encoding(encoding).build(), false));
		}
		for (SnowflakeEncoding encoding : SnowflakeEncoding.values()) {
			kinds.add(new Kind("snowflake/" + encoding, String.class, IdAlgorithms.SNOWFLAKE,
					AlgorithmOptions.builder().snowflakeEncoding(encoding).build(), false));
		}
		kinds.addAll(List.of(new Kind("ulid", String.class, IdAlgorithms.ULID, defaults, false),
				new Kind("kuuid", String.class, IdAlgorithms.KUUID, defaults, false),
				new Kind("kuuid/millisecond", String.class, IdAlgorithms.KUUID,
						AlgorithmOptions.builder().kuuidMillisecond(true).build(), false),
				new Kind("ksuid", String.class, IdAlgorithms.KSUID, defaults, false),
				new Kind("hex-ulid", String.class, IdAlgorithms.HEX_ULID, defaults, false),
				new Kind("couchdb-utc-random", String.class, IdAlgorithms.COUCHDB_UTC_RANDOM, defaults, false),
				new Kind("couchdb-utc-id", String.class, IdAlgorithms.COUCHDB_UTC_ID,
						AlgorithmOptions.builder().couchdbUtcIdSuffix("@mycouch").build(), false),
				new Kind("objectid", String.class, IdAlgorithms.OBJECTID, defaults, false),
				new Kind("uuidv7 binary", String.class, IdAlgorithms.UUIDV7, defaults, true),
				new Kind("ksuid binary", String.class, IdAlgorithms.KSUID, defaults, true),
				new Kind("objectid binary", String.class, IdAlgorithms.OBJECTID, defaults, true),
				new Kind("kuuid/millisecond binary", String.class, IdAlgorithms.KUUID,
						AlgorithmOptions.builder().kuuidMillisecond(true).build(), true),
				new Kind("ulid typed", TicketId.class, IdAlgorithms.ULID, defaults, false),
				new Kind("ksuid typed binary", TicketId.class, IdAlgorithms.KSUID, defaults, true),
				new Kind("snowflake Long", Long.class, IdAlgorithms.SNOWFLAKE, defaults, false),
				new Kind("uuidv7 UUID", UUID.class, IdAlgorithms.UUIDV7, defaults, false),
				new Kind("ulid UUID", UUID.class, IdAlgorithms.ULID, defaults, false),
				new Kind("hex-ulid UUID", UUID.class, IdAlgorithms.HEX_ULID, defaults, false)));
		return Arbitraries.of(kinds);
	}

	@Property(tries = 3000)
	void aMintedIdLiesWithinThePartitionBoundsOfItsInstantsInterval(@ForAll("kinds") Kind kind,
			@ForAll PartitionInterval interval, @ForAll @LongRange(min = FROM, max = TO) long seconds,
			@ForAll @LongRange(min = 0, max = 999_999_999) long nanos) {
		Instant instant = Instant.ofEpochSecond(seconds, nanos);
		IdField field = field(kind);
		Object minted = field.nextAt(instant);
		assertThat(minted).isInstanceOf(kind.type());
		assertThat(field.instantOf(minted)).isEqualTo(instant.truncatedTo(field.timeOrdered().precision()));
		ColumnFamily family = field.column(DatabaseKind.POSTGRESQL);
		PartitionedTable table = new PartitionedTable(field, new PartitionSettings(interval, 4, null, RetentionAction.DETACH),
				family, List.of(new PartitionedTable.Part(null, "thing", "id", false)));
		Instant start = interval.start(instant);
		Object value = table.columnValue(minted);
		assertThat(family.compare(table.bound(start), value)).as("the bound of %s against %s", start, minted)
			.isLessThanOrEqualTo(0);
		assertThat(family.compare(value, table.bound(interval.next(start)))).as("%s against the bound of %s", minted,
				interval.next(start)).isLessThan(0);
	}

	private static IdField field(Kind kind) {
		String prefix = (kind.type() == TicketId.class) ? "tkt" : (kind.type() == String.class) ? "thing" : "";
		IdFormat format = IdFormat.of(prefix, "_", IdAlgorithms.create(kind.algorithm(), kind.options()));
		return new IdField(new FieldDeclaration("Thing", Object.class, "id", true, prefix, kind.algorithm(), kind.type(),
				null, IdStorage.DEFAULT), IdValueType.of(kind.type()), format, kind.binary() ? format.binary() : null);
	}

}
