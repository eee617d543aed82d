package io.github.timesortedid.model;

import java.time.Instant;
import java.util.UUID;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.hibernate.TicketId;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Each value type makes, reads, checks and bounds values of its own Java type, so that
 * {@link IdField} can hand every such question to it.
 */
class IdValueTypeTests {

	@Test
	void eachJavaTypeHasOneValueTypeAndOthersNone() {
		assertThat(IdValueType.of(String.class)).isEqualTo(IdValueType.STRING);
		assertThat(IdValueType.of(TicketId.class)).isEqualTo(IdValueType.TYPED);
		assertThat(IdValueType.of(Long.class)).isEqualTo(IdValueType.LONG);
		assertThat(IdValueType.of(long.class)).isEqualTo(IdValueType.LONG);
		assertThat(IdValueType.of(UUID.class)).isEqualTo(IdValueType.UUID);
		assertThat(IdValueType.of(TypedId.class)).as("the interface has no constructor").isNull();
		assertThat(IdValueType.of(Integer.class)).isNull();
		assertThat(IdValueType.of(Object.class)).isNull();
	}

	@Test
	void theChoicesReadAsTheStartupErrorForAnUnsupportedTypeSaysThem() {
		assertThat("Make the attribute " + IdValueType.choices() + ".")
			.isEqualTo("Make the attribute a String (every algorithm), a TypedId record or Kotlin class (every algorithm), a Long or long "
					+ "(snowflake) or a java.util.UUID (uuidv7, ulid, hex-ulid).");
	}

	@Test
	void textTakesEveryAlgorithmAndNumbersOnlyThoseMakingTheirBits() {
		for (String name : IdAlgorithms.names()) {
			if (name.equals(IdAlgorithms.COUCHDB_UTC_ID)) {
				continue; // needs a suffix, and is text like the rest
			}
			IdAlgorithm algorithm = algorithm(name);
			assertThat(IdValueType.STRING.accepts(algorithm)).as(name).isTrue();
			assertThat(IdValueType.TYPED.accepts(algorithm)).as(name).isTrue();
			assertThat(IdValueType.LONG.accepts(algorithm)).as(name).isEqualTo(name.equals(IdAlgorithms.SNOWFLAKE));
			assertThat(IdValueType.UUID.accepts(algorithm)).as(name)
				.isEqualTo(name.equals(IdAlgorithms.UUIDV7) || name.equals(IdAlgorithms.ULID)
						|| name.equals(IdAlgorithms.HEX_ULID));
		}
		assertThat(IdValueType.LONG.algorithmAdvice())
			.isEqualTo("Use the snowflake algorithm for Long IDs, or make the attribute a String.");
		assertThat(IdValueType.UUID.algorithmAdvice())
			.isEqualTo("Use uuidv7, ulid or hex-ulid for UUID IDs, or make the attribute a String.");
		assertThat(IdValueType.LONG.javaName()).isEqualTo("Long/long");
		assertThat(IdValueType.UUID.javaName()).isEqualTo("java.util.UUID");
	}

	@Test
	void eachTypeMakesReadsChecksAndBoundsValuesOfItsJavaType() {
		Instant instant = Instant.parse("2025-01-02T03:04:05.678Z");
		for (IdField field : new IdField[] { field(IdValueType.STRING, String.class, "post", IdAlgorithms.UUIDV7),
				field(IdValueType.TYPED, TicketId.class, "tkt", IdAlgorithms.UUIDV7),
				field(IdValueType.LONG, Long.class, "", IdAlgorithms.SNOWFLAKE),
				field(IdValueType.UUID, UUID.class, "", IdAlgorithms.ULID) }) {
			Object value = field.next();
			assertThat(value).as(field.valueType().name()).isInstanceOf(field.javaType());
			assertThat(field.isUnassigned(value)).isFalse();
			assertThat(field.isUnassigned(null)).isTrue();
			assertThat(field.checkAssigned(value)).isSameAs(value);
			assertThat(field.fromText(TypedIds.text(value))).isEqualTo(value);
			assertThat(field.instantOf(value)).isBeforeOrEqualTo(Instant.now());
			assertThat(field.lowest(instant)).isInstanceOf(field.javaType());
			assertThat(field.instantOf(field.lowest(instant))).isEqualTo(field.instantOf(field.highest(instant)))
				.isEqualTo(Instant.parse("2025-01-02T03:04:05.678Z"));
			assertThat(field.longestText()).isGreaterThanOrEqualTo(TypedIds.text(value).length());
		}
	}

	@Test
	void numbersAndUuidsAreRenderedAsTheirLongestTextAndTextAsItsFormat() {
		assertThat(field(IdValueType.STRING, String.class, "post", IdAlgorithms.UUIDV7).longestText()).isEqualTo(31);
		assertThat(field(IdValueType.LONG, long.class, "", IdAlgorithms.SNOWFLAKE).longestText()).isEqualTo(19);
		assertThat(field(IdValueType.UUID, UUID.class, "", IdAlgorithms.UUIDV7).longestText()).isEqualTo(36);
		assertThat(IdValueType.STRING.isText()).isTrue();
		assertThat(IdValueType.TYPED.column()).isEqualTo(ColumnFamily.TEXT);
		assertThat(IdValueType.LONG.column()).isEqualTo(ColumnFamily.BIGINT);
		assertThat(IdValueType.UUID.isText()).isFalse();
	}

	@Test
	void onlyAPrimitiveLongTakesZeroForNoIdYet() {
		assertThat(field(IdValueType.LONG, long.class, "", IdAlgorithms.SNOWFLAKE).isUnassigned(0L)).isTrue();
		assertThat(field(IdValueType.LONG, Long.class, "", IdAlgorithms.SNOWFLAKE).isUnassigned(0L)).isFalse();
	}

	@Test
	void textThatIsNoNumberOrUuidIsRefusedNamingTheAttribute() {
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> field(IdValueType.LONG, Long.class, "", IdAlgorithms.SNOWFLAKE).fromText("12ab"))
			.satisfies((ex) -> assertThat(ex.getReason())
				.isEqualTo("a Thing.id ID is a decimal number of at most 19 ASCII digits 0-9"));
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> field(IdValueType.UUID, UUID.class, "", IdAlgorithms.UUIDV7).fromText("not-a-uuid"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo("a Thing.id ID is a UUID in 8-4-4-4-12 form"));
		// UUID.fromString reads these as UUIDs; the string form of RFC 9562 is 36 ASCII characters
		for (String loose : new String[] { "1-2-3-4-5", "\uff101901234-5678-7abc-8def-0123456789ab",
				"+1901234-5678-7abc-8def-0123456789ab", "\u06601901234-5678-7abc-8def-0123456789ab" }) {
			assertThatExceptionOfType(InvalidIdException.class)
				.isThrownBy(() -> field(IdValueType.UUID, UUID.class, "", IdAlgorithms.UUIDV7).fromText(loose))
				.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo("a Thing.id ID is a UUID in 8-4-4-4-12 form"));
		}
		// a well-formed UUID that is no UUIDv7 keeps the algorithm's own reason
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> field(IdValueType.UUID, UUID.class, "", IdAlgorithms.UUIDV7)
				.fromText("6f1c1a5e-3b5c-4c1e-9a3e-2f4b5c6d7e8f"))
			.satisfies((ex) -> assertThat(ex.getReason()).contains("version is 4"));
	}

	private static IdField field(IdValueType type, Class<?> javaType, String prefix, String algorithm) {
		return new IdField(new FieldDeclaration("Thing", Object.class, "id", true, prefix, algorithm, javaType, null, IdStorage.DEFAULT), type,
				IdFormat.of(prefix, "_", algorithm(algorithm)));
	}

	private static IdAlgorithm algorithm(String name) {
		return IdAlgorithms.create(name, AlgorithmOptions.defaults());
	}

}
