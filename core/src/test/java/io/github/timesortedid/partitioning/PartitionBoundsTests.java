package io.github.timesortedid.partitioning;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.FieldDeclaration;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.IdValueType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The partition bound of an instant is the column's own value of the algorithm's lowest body, and
 * it is refused, saying why, where no bound can part IDs by time. Whether bounds part IDs in each
 * database's order is {@code PartitionBoundsProperties}' business.
 */
class PartitionBoundsTests {

	private static final Instant MAY = Instant.parse("2026-05-01T00:00:00Z");

	@Test
	void theBoundIsTheColumnsValueOfTheLowestIdOfTheInstant() {
		IdField text = field(String.class, "post", IdAlgorithms.UUIDV7, AlgorithmOptions.defaults(), false);
		assertThat(text.partitionBound(MAY)).isEqualTo(text.lowest(MAY)).isEqualTo("post_01kqgdbj00e008000000000000");
		IdField binary = field(String.class, "post", IdAlgorithms.UUIDV7, AlgorithmOptions.defaults(), true);
		assertThat((byte[]) binary.partitionBound(MAY)).isEqualTo(binary.binary().toBytes((String) binary.lowest(MAY)));
		IdField snowflake = field(Long.class, "", IdAlgorithms.SNOWFLAKE, AlgorithmOptions.defaults(), false);
		assertThat(snowflake.partitionBound(MAY)).isEqualTo(snowflake.lowest(MAY)).isInstanceOf(Long.class);
		IdField uuid = field(UUID.class, "", IdAlgorithms.ULID, AlgorithmOptions.defaults(), false);
		assertThat(uuid.partitionBound(MAY)).isEqualTo(uuid.lowest(MAY)).isInstanceOf(UUID.class);
	}

	@Test
	void aCouchDbUtcIdBoundLeavesOutTheSuffixThatAnotherInstanceMayHaveLower() {
		IdField field = field(String.class, "doc", IdAlgorithms.COUCHDB_UTC_ID,
				AlgorithmOptions.builder().couchdbUtcIdSuffix("@mycouch").build(), false);
		assertThat(field.partitionBound(MAY)).isEqualTo("doc_0" + Long.toHexString(MAY.toEpochMilli() * 1000))
			.isEqualTo(((String) field.lowest(MAY)).replace("@mycouch", ""));
	}

	@Test
	void newestFirstIdsHaveNoBoundsAndSayWhy() {
		IdField field = field(String.class, "ku", IdAlgorithms.KUUID, AlgorithmOptions.builder().kuuidReverse(true).build(),
				false);
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> field.partitionBound(MAY))
			.withMessage("Thing.id uses kuuid with time-sorted-id.kuuid.reverse=true, whose IDs sort newest first: the IDs "
					+ "of a later time sort below those of an earlier one, so a range of IDs from the bound of one instant up "
					+ "to the bound of a later one holds no ID, and a table cannot be cut into ranges of time by such IDs; set "
					+ "time-sorted-id.kuuid.reverse=false or choose another time-ordered algorithm to partition by ID");
	}

	@Test
	void idsWithoutTimeHaveNoBoundsAndSayWhy() {
		IdField field = field(String.class, "tok", IdAlgorithms.RANDOM, AlgorithmOptions.defaults(), false);
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> field.partitionBound(MAY))
			.withMessageContaining("uses random, whose IDs carry no time");
	}

	@Test
	void anInstantInsideAUnitOfThePrecisionHasNoBound() {
		IdField field = field(String.class, "ks", IdAlgorithms.KSUID, AlgorithmOptions.defaults(), false);
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> field.partitionBound(MAY.plusMillis(500)))
			.withMessage("Thing.id IDs carry their time in whole seconds (ksuid), so no bound can part IDs made before "
					+ "2026-05-01T00:00:00.500Z from those made at or after it within the same unit; use an instant on a "
					+ "whole unit, such as 2026-05-01T00:00:00Z");
		assertThat(field.partitionBound(MAY.plusSeconds(1))).isNotNull();
	}

	@Test
	void anInstantOutsideTheAlgorithmsRangeIsRefused() {
		IdField field = field(String.class, "ks", IdAlgorithms.KSUID, AlgorithmOptions.defaults(), false);
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> field.partitionBound(Instant.parse("2000-01-01T00:00:00Z")));
	}

	/**
	 * A lookup's interval is its month's, for the first and the last ID a month can hold and one made
	 * in it, in every column kind; an ID another format wrote, or outside the algorithm's range, has none.
	 */
	@Test
	void aLookupGetsTheBoundsOfItsIntervalInEveryColumnKind() {
		Instant july = Instant.parse("2025-07-01T00:00:00Z");
		Instant august = Instant.parse("2025-08-01T00:00:00Z");
		PartitionSettings monthly = new PartitionSettings(io.github.timesortedid.config.PartitionInterval.MONTH, 3, null,
				io.github.timesortedid.config.RetentionAction.DETACH);
		java.time.Clock midJuly = java.time.Clock.fixed(Instant.parse("2025-07-16T10:20:30.456Z"), java.time.ZoneOffset.UTC);
		record Case(Class<?> type, String algorithm, boolean binary, ColumnFamily family) {
		}
		for (Case kind : List.of(new Case(String.class, IdAlgorithms.UUIDV7, false, ColumnFamily.TEXT),
				new Case(String.class, IdAlgorithms.KSUID, false, ColumnFamily.TEXT),
				new Case(String.class, IdAlgorithms.OBJECTID, false, ColumnFamily.TEXT),
				new Case(String.class, IdAlgorithms.UUIDV7, true, ColumnFamily.UUID),
				new Case(String.class, IdAlgorithms.KSUID, true, ColumnFamily.BINARY),
				new Case(Long.class, IdAlgorithms.SNOWFLAKE, false, ColumnFamily.BIGINT),
				new Case(UUID.class, IdAlgorithms.ULID, false, ColumnFamily.UUID))) {
			String prefix = kind.type() == String.class ? "post" : "";
			IdField field = field(kind.type(), prefix, kind.algorithm(), AlgorithmOptions.builder().clock(midJuly).build(),
					kind.binary());
			PartitionedTable table = new PartitionedTable(field, monthly, kind.family(),
					List.of(new PartitionedTable.Part(null, "post", "id", false)));
			PartitionedTable.Interval expected = new PartitionedTable.Interval(table.literal(july), table.literal(august));
			Instant lastUnit = august.minus(1, field.timeOrdered().precision());
			for (Object id : List.of(field.lowest(july), field.highest(lastUnit), field.next())) {
				assertThat(table.intervalOf(id)).as("%s %s", kind, id).isEqualTo(expected);
			}
			assertThat(table.intervalOf(field.highest(july.minus(1, field.timeOrdered().precision()))))
				.as("June's last, %s", kind)
				.isEqualTo(new PartitionedTable.Interval(table.literal(Instant.parse("2025-06-01T00:00:00Z")), table.literal(july)));
		}
		IdField text = field(String.class, "post", IdAlgorithms.UUIDV7, AlgorithmOptions.defaults(), false);
		PartitionedTable posts = new PartitionedTable(text, monthly, ColumnFamily.TEXT,
				List.of(new PartitionedTable.Part(null, "post", "id", false)));
		assertThat(posts.intervalOf("user_01kqgdbj00e008000000000000")).as("another prefix").isNull();
		assertThat(posts.intervalOf("post_01KQGDBJ00E008000000000000")).as("capitals, which TypeID does not write").isNull();
		assertThat(posts.intervalOf("post_")).as("no body").isNull();
	}

	private static IdField field(Class<?> javaType, String prefix, String algorithm, AlgorithmOptions options,
			boolean binary) {
		IdFormat format = IdFormat.of(prefix, "_", IdAlgorithms.create(algorithm, options));
		return new IdField(new FieldDeclaration("Thing", Object.class, "id", true, prefix, algorithm, javaType, null,
				IdStorage.DEFAULT), IdValueType.of(javaType), format, binary ? format.binary() : null);
	}

}
