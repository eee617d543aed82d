package io.github.timesortedid.id;

import java.time.Instant;
import java.util.List;

import io.github.timesortedid.id.IdSegment.Kind;
import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Bit layouts of published examples, and layouts that follow the settings: the Snowflake epoch and
 * node, the {@code random} token width, the {@code couchdb-utc-id} suffix, {@code kuuid} in reverse.
 */
class IdSegmentTests {

	@Test
	void theUuidv7ExampleOfRfc9562AppendixA6() {
		// RFC 9562 appendix A.6: 017F22E2-79B0-7CC3-98C4-DC0C0C07398F, made at 2022-02-22T19:22:22Z
		IdAlgorithm uuidv7 = IdAlgorithms.create(IdAlgorithms.UUIDV7,
				AlgorithmOptions.builder().uuidv7Encoding(Uuidv7Encoding.CANONICAL).build());
		assertThat(uuidv7.segments("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")).containsExactly(
				new IdSegment("unix_ts_ms", Kind.TIME, 0, 48, "1645557742000", Instant.parse("2022-02-22T19:22:22Z")),
				new IdSegment("ver", Kind.FIXED, 48, 4, "0111", null),
				new IdSegment("rand_a", Kind.RANDOM, 52, 12, "cc3", null),
				new IdSegment("var", Kind.FIXED, 64, 2, "10", null),
				new IdSegment("rand_b", Kind.RANDOM, 66, 62, "18c4dc0c0c07398f", null));
	}

	@Test
	void theKsuidExampleOfSegmentsReadme() {
		// github.com/segmentio/ksuid README: timestamp 107608047, payload B5A1CD34B5F99D1154FB6853345C9735
		IdAlgorithm ksuid = IdAlgorithms.create(IdAlgorithms.KSUID, AlgorithmOptions.defaults());
		assertThat(ksuid.segments("0ujtsYcgvSTl8PAuAdqWYSMnLOv")).containsExactly(
				new IdSegment("timestamp", Kind.TIME, 0, 32, "107608047", Instant.parse("2017-10-10T04:00:47Z")),
				new IdSegment("payload", Kind.RANDOM, 32, 128, "b5a1cd34b5f99d1154fb6853345c9735", null));
	}

	@Test
	void theKuuidLowestBodyOf2018IsItsTimestampAndZeros() {
		IdAlgorithm kuuid = IdAlgorithms.create(IdAlgorithms.KUUID, AlgorithmOptions.defaults());
		List<IdSegment> segments = kuuid.segments("001eVnWK000000000000000000000000");
		assertThat(segments.get(0)).isEqualTo(new IdSegment("timestamp", Kind.TIME, 0, 48, "1514764800",
				Instant.parse("2018-01-01T00:00:00Z")));
		assertThat(segments.subList(1, 5)).extracting(IdSegment::value).containsOnly("00000000");
	}

	@Test
	void reverseKuuidShowsTheStoredComplementAndTheDecodedInstant() {
		Instant instant = Instant.parse("2018-01-01T00:00:00Z");
		TimeOrderedIdAlgorithm reverse = (TimeOrderedIdAlgorithm) IdAlgorithms.create(IdAlgorithms.KUUID,
				AlgorithmOptions.builder().kuuidReverse(true).build());
		IdSegment timestamp = reverse.segments(reverse.lowestBody(instant)).get(0);
		assertThat(timestamp.value()).isEqualTo(Long.toString(218_340_105_584_895L - 1_514_764_800L));
		assertThat(timestamp.instant()).isEqualTo(instant);
	}

	@Test
	void snowflakeSegmentsFollowTheConfiguredEpochAndNode() {
		Instant instant = Instant.parse("2026-03-04T05:06:07.089Z");
		long epoch = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();
		IdAlgorithm snowflake = IdAlgorithms.create(IdAlgorithms.SNOWFLAKE, AlgorithmOptions.builder()
			.clock(new SettableClock(instant))
			.snowflakeEpoch(epoch)
			.snowflakeNodeId(977)
			.snowflakeEncoding(SnowflakeEncoding.BASE62)
			.build());
		snowflake.nextBody();
		List<IdSegment> segments = snowflake.segments(snowflake.nextBody());
		assertThat(segments).containsExactly(new IdSegment("sign", Kind.FIXED, 0, 1, "0", null),
				new IdSegment("timestamp", Kind.TIME, 1, 41, Long.toString(instant.toEpochMilli() - epoch), instant),
				new IdSegment("node_id", Kind.NODE, 42, 10, "977", null),
				new IdSegment("sequence", Kind.COUNTER, 52, 12, "1", null));
	}

	@Test
	void randomTokensAreOneFieldOfTheConfiguredWidth() {
		IdAlgorithm tokens = IdAlgorithms.create(IdAlgorithms.RANDOM, AlgorithmOptions.builder().randomBits(201).build());
		assertThat(tokens.segments(tokens.nextBody())).singleElement().satisfies(segment -> {
			assertThat(segment.name()).isEqualTo("random");
			assertThat(segment.bitLength()).isEqualTo(201);
			assertThat(segment.value()).hasSize(51);
		});
	}

	@Test
	void aCouchDbUtcIdSuffixIsTextOfItsLength() {
		Instant instant = Instant.parse("2026-03-04T05:06:07.123456Z");
		IdAlgorithm utcId = IdAlgorithms.create(IdAlgorithms.COUCHDB_UTC_ID,
				AlgorithmOptions.builder().clock(new SettableClock(instant)).couchdbUtcIdSuffix("@db2").build());
		assertThat(utcId.segments(utcId.nextBody())).containsExactly(
				new IdSegment("timestamp", Kind.TIME, 0, 56, "1772600767123456", instant),
				new IdSegment("suffix", Kind.TEXT, 56, 32, "@db2", null));
	}

	@Test
	void couchDbSequentialIsARandomPrefixAndACounter() {
		IdAlgorithm sequential = IdAlgorithms.create(IdAlgorithms.COUCHDB_SEQUENTIAL, AlgorithmOptions.defaults());
		assertThat(sequential.segments("6e345492c6d88034fa4443f2c6000d9a")).containsExactly(
				new IdSegment("prefix", Kind.RANDOM, 0, 104, "6e345492c6d88034fa4443f2c6", null),
				new IdSegment("counter", Kind.COUNTER, 104, 24, Long.toString(0xd9a), null));
	}

	@Test
	void anInvalidBodyIsRefusedAsByValidation() {
		IdAlgorithm ulid = IdAlgorithms.create(IdAlgorithms.ULID, AlgorithmOptions.defaults());
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> ulid.segments("01ARZ3NDEKTSV4RRFFQ69G5FA"))
			.withMessageContaining("a ulid body has 26 characters, not 25");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> ulid.segments("81ARZ3NDEKTSV4RRFFQ69G5FAV"))
			.withMessageContaining("exceeds 128 bits");
	}

	@Test
	void anAlgorithmDefinedElsewhereIsDescribedAsItsText() {
		IdAlgorithm ulid = IdAlgorithms.create(IdAlgorithms.ULID, AlgorithmOptions.defaults());
		IdAlgorithm custom = new IdAlgorithm() {

			@Override
			public String name() {
				return "custom";
			}

			@Override
			public int bodyLength() {
				return ulid.bodyLength();
			}

			@Override
			public boolean isCaseSensitive() {
				return false;
			}

			@Override
			public boolean isBodyCharacter(char c) {
				return ulid.isBodyCharacter(c);
			}

			@Override
			public void writeBody(byte[] dst, int offset) {
				ulid.writeBody(dst, offset);
			}

			@Override
			public void validateBody(CharSequence body) {
				ulid.validateBody(body);
			}

		};
		String body = custom.nextBody();
		assertThat(custom.segments(body)).containsExactly(new IdSegment("body", Kind.TEXT, 0, 208, body, null));
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> custom.segments("short"));
	}

	@Test
	void onlyTimeSegmentsHaveAnInstant() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IdSegment("timestamp", Kind.TIME, 0, 48, "0", null));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IdSegment("counter", Kind.COUNTER, 0, 24, "0", Instant.EPOCH));
		assertThatIllegalArgumentException().isThrownBy(() -> new IdSegment("empty", Kind.RANDOM, 0, 0, "", null));
	}

}
