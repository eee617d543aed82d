package io.github.timesortedid.shardingsphere;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import com.google.common.hash.Hashing;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.id.IdSegment.Kind;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;
import org.jspecify.annotations.Nullable;

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
 * <p>
 * Routing reads the fields from the layout's text values only where it must. An algorithm whose
 * value is a {@code UUID} or a {@code long} ({@link IdColumn#bits}) has its fields read straight from
 * those bits, at the layout's offsets: the same bytes without writing each field as text and
 * parsing it back, which made routing by the layout some twenty times slower in
 * {@code RoutingBenchmarks}. Both ways are compared on an ID when the key is made, and the bits are
 * used only if they agree.
 */
final class SpreadKey {

	private final Set<String> fields;

	/** The chosen fields as offset and width in a 128-bit value (a long in its low half), or none. */
	private final int @Nullable [] ranges;

	private final int length;

	private SpreadKey(Set<String> fields, int @Nullable [] ranges) {
		this.fields = fields;
		this.ranges = ranges;
		int length = 0;
		if (ranges != null) {
			for (int i = 1; i < ranges.length; i += 2) {
				length += (ranges[i] + 7) / 8;
			}
		}
		this.length = length;
	}

	/** Chooses the fields from the layout of an ID the column's algorithm makes. */
	static SpreadKey of(IdColumn column) {
		IdAlgorithm algorithm = column.algorithm();
		String id = column.format().next();
		List<IdSegment> layout = algorithm.segments(column.format().body(id));
		boolean random = layout.stream().anyMatch(segment -> segment.kind() == Kind.RANDOM);
		List<IdSegment> chosen = layout.stream()
			.filter(segment -> random ? (segment.kind() == Kind.RANDOM || segment.kind() == Kind.COUNTER)
					: segment.kind() != Kind.FIXED)
			.toList();
		Set<String> fields = chosen.stream()
			.map(IdSegment::name)
			.collect(Collectors.toCollection(java.util.LinkedHashSet::new));
		SpreadKey key = new SpreadKey(fields, ranges(algorithm, layout, chosen));
		UUID bits = (key.ranges != null) ? column.bits(id) : null;
		if (bits != null && Arrays.equals(key.bytes(layout), key.bytes(bits))) {
			return key;
		}
		return new SpreadKey(fields, null);
	}

	/** The chosen fields' bit ranges, where the layout is that of the algorithm's UUID or long value. */
	private static int @Nullable [] ranges(IdAlgorithm algorithm, List<IdSegment> layout, List<IdSegment> chosen) {
		int width = (algorithm instanceof UuidIdAlgorithm) ? 128 : (algorithm instanceof LongIdAlgorithm) ? 64 : 0;
		int total = layout.stream().mapToInt(IdSegment::bitLength).sum();
		if (width == 0 || total != width || chosen.stream().anyMatch(segment -> segment.kind() == Kind.TEXT)) {
			return null;
		}
		int[] ranges = new int[chosen.size() * 2];
		for (int i = 0; i < chosen.size(); i++) {
			ranges[2 * i] = chosen.get(i).bitOffset() + (128 - width);
			ranges[2 * i + 1] = chosen.get(i).bitLength();
		}
		return ranges;
	}

	/** Whether the fields are read from the bits of the value ({@link #shard(UUID, int)}). */
	boolean readsBits() {
		return this.ranges != null;
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
		return shard(bytes(segments), count);
	}

	/** The shard among {@code count} of a value's bits, a long in the low half; {@link #readsBits()}. */
	int shard(UUID bits, int count) {
		return shard(bytes(bits), count);
	}

	private static int shard(byte[] bytes, int count) {
		long hash = Hashing.murmur3_128().hashBytes(bytes).asLong();
		return (int) Long.remainderUnsigned(hash, count);
	}

	/**
	 * The bytes that are hashed, read from a value's bits: each field as the big-endian number of its
	 * bits in whole bytes, as {@link #value} writes it from the field's text.
	 */
	private byte[] bytes(UUID bits) {
		int[] ranges = TimeSortedIdModShardingAlgorithm.initialized(this.ranges);
		long high = bits.getMostSignificantBits();
		long low = bits.getLeastSignificantBits();
		byte[] bytes = new byte[this.length];
		int at = 0;
		for (int i = 0; i < ranges.length; i += 2) {
			int end = ranges[i] + ranges[i + 1];
			// the field's bytes from its last: each the 8 bits (fewer for the first) that end where the next begins
			int whole = (ranges[i + 1] + 7) / 8;
			for (int b = whole - 1; b >= 0; b--, end -= 8) {
				int width = Math.min(8, end - ranges[i]);
				bytes[at + b] = (byte) (shiftRight(high, low, 128 - end) & ((1 << width) - 1));
			}
			at += whole;
		}
		return bytes;
	}

	/** The low 64 bits of the 128-bit number {@code high:low} shifted right by {@code shift} (0 to 127). */
	private static long shiftRight(long high, long low, int shift) {
		if (shift == 0) {
			return low;
		}
		return (shift < 64) ? (low >>> shift) | (high << (64 - shift)) : high >>> (shift - 64);
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
