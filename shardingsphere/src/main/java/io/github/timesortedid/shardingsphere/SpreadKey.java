package io.github.timesortedid.shardingsphere;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.google.common.hash.Hashing;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.id.IdSegment.Kind;

/**
 * What {@code TIME_SORTED_ID_MOD} spreads IDs by: the fields of the body that differ between IDs
 * made at the same time, hashed, so that the newest rows do not all land on one shard, as they
 * would if the time decided.
 * <p>
 * The fields come from the algorithm's own layout ({@link IdAlgorithm#segments}): its random and
 * counter fields ({@link Kind#RANDOM}, {@link Kind#COUNTER}), e.g. {@code rand_a} and
 * {@code rand_b} of a {@code uuidv7}, {@code random} and {@code counter} of an {@code objectid}
 * (whose random value is drawn once per process, so the counter is what differs). An algorithm
 * without random bits ({@code snowflake}, {@code couchdb-utc-id}) is spread by every field but
 * the fixed ones, its time included: a {@code snowflake} made at a low rate has sequence 0 in every
 * millisecond, and its node is the same for every ID of one instance.
 * <p>
 * The hash is MurmurHash3 x64 128 (seed 0; Guava's {@code Hashing.murmur3_128()}, whose output
 * Guava keeps stable), of the chosen fields one after the other, each as the big-endian unsigned
 * number of its bits in whole bytes (text fields as their ASCII bytes), taken as the unsigned 64-bit
 * number of its first eight bytes (Guava's {@code HashCode.asLong()}). The shard is that number
 * modulo {@code sharding-count}: a function of the ID and the count alone, the same in every
 * process and every version.
 */
final class SpreadKey {

	private final Set<String> fields;

	private SpreadKey(Set<String> fields) {
		this.fields = fields;
	}

	/** Chooses the fields from the layout of a body the algorithm makes. */
	static SpreadKey of(IdAlgorithm algorithm) {
		List<IdSegment> layout = algorithm.segments(algorithm.nextBody());
		boolean random = layout.stream().anyMatch(segment -> segment.kind() == Kind.RANDOM);
		return new SpreadKey(layout.stream()
			.filter(segment -> random ? (segment.kind() == Kind.RANDOM || segment.kind() == Kind.COUNTER)
					: segment.kind() != Kind.FIXED)
			.map(IdSegment::name)
			.collect(Collectors.toCollection(java.util.LinkedHashSet::new)));
	}

	/** The names of the fields, in the body's order. */
	Set<String> fields() {
		return this.fields;
	}

	/** The bytes that are hashed: the chosen fields of a body's layout. */
	byte[] bytes(List<IdSegment> segments) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
		for (IdSegment segment : segments) {
			if (this.fields.contains(segment.name())) {
				byte[] value = value(segment);
				bytes.write(value, 0, value.length);
			}
		}
		return bytes.toByteArray();
	}

	/** The shard of a body's layout among {@code count}. */
	int shard(List<IdSegment> segments, int count) {
		long hash = Hashing.murmur3_128().hashBytes(bytes(segments)).asLong();
		return (int) Long.remainderUnsigned(hash, count);
	}

	private static byte[] value(IdSegment segment) {
		if (segment.kind() == Kind.TEXT) {
			return segment.value().getBytes(StandardCharsets.US_ASCII);
		}
		BigInteger number = (segment.kind() == Kind.RANDOM) ? new BigInteger(segment.value(), 16)
				: new BigInteger(segment.value());
		byte[] whole = new byte[(segment.bitLength() + 7) / 8];
		byte[] raw = number.toByteArray();
		// toByteArray may add a leading sign byte; keep the low bytes, right-aligned
		int copy = Math.min(raw.length, whole.length);
		System.arraycopy(raw, raw.length - copy, whole, whole.length - copy, copy);
		return whole;
	}

}
