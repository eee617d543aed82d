package io.github.timesortedid.id;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import com.github.f4b6a3.ksuid.Ksuid;
import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.uuid.util.UuidUtil;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.bson.types.ObjectId;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The segments' values against independent implementations: uuid-creator and the JDK's
 * {@link UUID} for UUIDv7, ulid-creator for ULID (and the SQLite text of it for {@code hex-ulid}),
 * ksuid-creator for KSUID, the MongoDB driver's {@link ObjectId}, and a Snowflake long put together
 * from Twitter's field widths. Each oracle makes or reads the ID; ours only describes it.
 */
class IdSegmentOracleProperties {

	private static final HexFormat HEX = HexFormat.of();

	@Property(tries = 500)
	void uuidv7FieldsAreThoseOfUuidCreatorAndTheJdk(@ForAll long high, @ForAll long low,
			@ForAll Uuidv7Encoding encoding) {
		UUID uuid = new UUID((high & ~0xF000L) | 0x7000L, (low >>> 2) | 0x8000_0000_0000_0000L);
		UuidIdAlgorithm algorithm = (UuidIdAlgorithm) IdAlgorithms.create(IdAlgorithms.UUIDV7,
				AlgorithmOptions.builder().uuidv7Encoding(encoding).build());

		Map<String, IdSegment> segments = byName(algorithm.segments(algorithm.encode(uuid)));

		assertThat(segments.get("unix_ts_ms").value()).isEqualTo(Long.toString(UuidUtil.getInstant(uuid).toEpochMilli()));
		assertThat(segments.get("unix_ts_ms").instant()).isEqualTo(UuidUtil.getInstant(uuid));
		assertThat(segments.get("ver").value()).isEqualTo("0111");
		assertThat(Integer.parseInt(segments.get("ver").value(), 2)).isEqualTo(uuid.version());
		assertThat(segments.get("var").value()).isEqualTo("10");
		assertThat(Integer.parseInt(segments.get("var").value(), 2)).isEqualTo(uuid.variant());
		// RFC 9562 figure 11 on the canonical text: rand_a is the 12 bits after the version digit,
		// rand_b the last 16 digits without the 2 variant bits
		String[] groups = uuid.toString().split("-");
		assertThat(segments.get("rand_a").value()).isEqualTo(groups[2].substring(1));
		assertThat(new BigInteger(segments.get("rand_b").value(), 16))
			.isEqualTo(new BigInteger(groups[3] + groups[4], 16).clearBit(63).clearBit(62));
	}

	@Property(tries = 500)
	void ulidFieldsAreThoseOfUlidCreator(@ForAll long high, @ForAll long low) {
		Ulid theirs = new Ulid(high, low);
		IdAlgorithm ulid = IdAlgorithms.create(IdAlgorithms.ULID, AlgorithmOptions.defaults());
		IdAlgorithm hexUlid = IdAlgorithms.create(IdAlgorithms.HEX_ULID, AlgorithmOptions.defaults());
		// hex-ulid is what SQLite prints: printf('%012X', ms) || hex(randomblob(10))
		String sqliteText = String.format("%012X", theirs.getTime()) + HEX.formatHex(theirs.getRandom()).toUpperCase();

		for (List<IdSegment> segments : List.of(ulid.segments(theirs.toString()), hexUlid.segments(sqliteText))) {
			Map<String, IdSegment> fields = byName(segments);
			assertThat(fields.get("timestamp").value()).isEqualTo(Long.toString(theirs.getTime()));
			assertThat(fields.get("timestamp").instant()).isEqualTo(theirs.getInstant());
			assertThat(fields.get("randomness").value()).isEqualTo(HEX.formatHex(theirs.getRandom()));
		}
	}

	@Property(tries = 500)
	void ksuidFieldsAreThoseOfKsuidCreator(@ForAll @LongRange(max = 0xFFFF_FFFFL) long seconds,
			@ForAll @Size(16) byte[] payload) {
		Ksuid theirs = new Ksuid(Ksuid.EPOCH_OFFSET + seconds, payload);
		IdAlgorithm ksuid = IdAlgorithms.create(IdAlgorithms.KSUID, AlgorithmOptions.defaults());

		Map<String, IdSegment> segments = byName(ksuid.segments(theirs.toString()));

		// the segment holds seconds since the KSUID epoch, ksuid-creator's getTime() seconds since 1970
		assertThat(Long.parseLong(segments.get("timestamp").value()) + Ksuid.EPOCH_OFFSET).isEqualTo(theirs.getTime());
		assertThat(segments.get("timestamp").instant()).isEqualTo(theirs.getInstant());
		assertThat(segments.get("payload").value()).isEqualTo(HEX.formatHex(theirs.getPayload()));
	}

	@Property(tries = 500)
	void objectIdFieldsAreThoseOfTheMongoDbDriver(@ForAll int timestamp, @ForAll @IntRange(max = 0xFF_FFFF) int counter) {
		ObjectId theirs = new ObjectId(timestamp, counter);
		IdAlgorithm objectId = IdAlgorithms.create(IdAlgorithms.OBJECTID, AlgorithmOptions.defaults());

		Map<String, IdSegment> segments = byName(objectId.segments(theirs.toHexString()));

		assertThat(segments.get("timestamp").value()).isEqualTo(Integer.toUnsignedString(theirs.getTimestamp()));
		assertThat(segments.get("timestamp").instant()).isEqualTo(theirs.getDate().toInstant());
		// the driver keeps its per-process random value to itself: its bytes 4 to 8
		assertThat(segments.get("random").value()).isEqualTo(HEX.formatHex(Arrays.copyOfRange(theirs.toByteArray(), 4, 9)));
		assertThat(segments.get("counter").value()).isEqualTo(Integer.toString(counter));
	}

	@Property(tries = 500)
	void snowflakeFieldsAreTwittersWidths(@ForAll @LongRange(max = (1L << 41) - 1) long millis,
			@ForAll @IntRange(max = 1023) int node, @ForAll @IntRange(max = 4095) int sequence,
			@ForAll SnowflakeEncoding encoding, @ForAll @LongRange(max = 1_700_000_000_000L) long epoch) {
		// github.com/twitter-archive/snowflake: 41 bits of time, 10 of machine, 12 of sequence
		long value = (millis << 22) | ((long) node << 12) | sequence;
		LongIdAlgorithm snowflake = (LongIdAlgorithm) IdAlgorithms.create(IdAlgorithms.SNOWFLAKE,
				AlgorithmOptions.builder().snowflakeEpoch(epoch).snowflakeEncoding(encoding).build());

		Map<String, IdSegment> segments = byName(snowflake.segments(snowflake.encode(value)));

		assertThat(segments.get("sign").value()).isEqualTo("0");
		assertThat(segments.get("timestamp").value()).isEqualTo(Long.toString(millis));
		assertThat(segments.get("timestamp").instant()).isEqualTo(Instant.ofEpochMilli(epoch + millis));
		assertThat(segments.get("node_id").value()).isEqualTo(Integer.toString(node));
		assertThat(segments.get("sequence").value()).isEqualTo(Integer.toString(sequence));
	}

	private static Map<String, IdSegment> byName(List<IdSegment> segments) {
		return segments.stream().collect(Collectors.toMap(IdSegment::name, Function.identity()));
	}

}
