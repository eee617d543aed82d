package io.github.timesortedid.id;

import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * One field of an ID body's bit layout, as {@link IdAlgorithm#segments(CharSequence)} lists them:
 * its name in the algorithm's public specification (e.g. {@code unix_ts_ms}, {@code ver},
 * {@code rand_a}, {@code var} and {@code rand_b} of an RFC 9562 UUIDv7), where its bits lie and
 * what they hold.
 * <p>
 * Bits are those of the value the body encodes, whatever its text form: a {@code uuidv7} body is
 * 128 bits in base32 as in the canonical form. Offsets count from the most significant bit, so the
 * segments of a body follow one another without gap or overlap from offset 0 and their lengths add
 * up to the body's width: 128 for {@code uuidv7}, {@code ulid}, {@code hex-ulid} and the CouchDB
 * algorithms with a random part, 160 for {@code ksuid}, 96 for {@code objectid}, 64 for
 * {@code snowflake} (a {@code long}, sign bit included), the configured {@code bits} for
 * {@code random}. {@code kuuid} writes each field as a base62 number of its own; its timestamp
 * (8 base62 digits, at most {@code 62^8-1}) counts the 48 bits that number needs, its four random
 * groups 32 bits each: 176 in all. Text carried as is (a {@code couchdb-utc-id} suffix) counts
 * 8 bits per ASCII character.
 * <p>
 * The {@link #value()} is written by {@link #kind()}: decimal for {@link Kind#TIME},
 * {@link Kind#COUNTER} and {@link Kind#NODE} fields, binary digits for {@link Kind#FIXED} bits,
 * lowercase hex zero-padded to the field's width for {@link Kind#RANDOM} bits, the characters
 * themselves for {@link Kind#TEXT}. It is what the bits hold as stored: a time field holds ticks
 * since the algorithm's epoch (for {@code kuuid} with {@code reverse}, {@code 62^8-1} minus them),
 * and {@link #instant()} says which instant that is.
 *
 * @param name the field's name in the algorithm's specification, e.g. {@code unix_ts_ms}
 * @param kind what the field holds
 * @param bitOffset the position of the field's most significant bit, counted from the most
 * significant bit of the body, which is 0
 * @param bitLength the width of the field in bits, at least 1
 * @param value what the field's bits hold, written as its {@code kind} says
 * @param instant for a {@link Kind#TIME} field the instant its value stands for, at the
 * algorithm's precision; {@code null} for every other kind
 */
public record IdSegment(String name, Kind kind, int bitOffset, int bitLength, String value, @Nullable Instant instant) {

	/**
	 * Checks the components.
	 * @param name the field's name
	 * @param kind what the field holds
	 * @param bitOffset the position of the field's first bit
	 * @param bitLength the width of the field
	 * @param value what the bits hold
	 * @param instant the instant of a time field, else {@code null}
	 */
	public IdSegment {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(value, "value");
		if (bitOffset < 0 || bitLength < 1) {
			throw new IllegalArgumentException("A segment starts at bit 0 or later and is at least 1 bit wide, not "
					+ bitLength + " bits at " + bitOffset);
		}
		if ((instant != null) != (kind == Kind.TIME)) {
			throw new IllegalArgumentException("A time segment has an instant and no other segment has one");
		}
	}

	/** What a field of a body holds, which also decides how its {@link IdSegment#value()} is written. */
	public enum Kind {

		/** A timestamp, in the algorithm's unit since its epoch; written in decimal. */
		TIME,

		/** Random bits (fresh, or counting on from fresh ones within a tick); written in hex. */
		RANDOM,

		/** A counter or sequence number; written in decimal. */
		COUNTER,

		/** The number of the node that made the ID, such as a Snowflake node ID; written in decimal. */
		NODE,

		/** Bits every body has the same, such as a UUID's version and variant; written in binary. */
		FIXED,

		/** Characters carried as they are, 8 bits each, such as a {@code couchdb-utc-id} suffix. */
		TEXT

	}

	/**
	 * Lists the segments of one body in order, placing each after the previous one, so that an
	 * algorithm states only names, widths and values, and every layout is contiguous by
	 * construction. A value wider than its field is a bug in the algorithm and fails here.
	 */
	static final class Builder {

		private final List<IdSegment> segments = new ArrayList<>();

		private int offset;

		Builder time(String name, int bits, long value, Instant instant) {
			return add(name, Kind.TIME, bits, fits(value, bits), Long.toString(value), instant);
		}

		Builder time(String name, int bits, long value, TimeField field) {
			return time(name, bits, value, field.toInstant(value));
		}

		Builder counter(String name, int bits, long value) {
			return add(name, Kind.COUNTER, bits, fits(value, bits), Long.toString(value), null);
		}

		Builder node(String name, int bits, long value) {
			return add(name, Kind.NODE, bits, fits(value, bits), Long.toString(value), null);
		}

		Builder fixed(String name, int bits, long value) {
			String binary = Long.toBinaryString(value);
			return add(name, Kind.FIXED, bits, fits(value, bits), "0".repeat(Math.max(0, bits - binary.length())) + binary,
					null);
		}

		Builder random(String name, int bits, long value) {
			return random(name, bits, unsigned(0, value));
		}

		Builder random(String name, int bits, long high, long low) {
			return random(name, bits, unsigned(high, low));
		}

		Builder random(String name, int bits, BigInteger value) {
			String hex = value.toString(16);
			int digits = (bits + 3) / 4;
			return add(name, Kind.RANDOM, bits, value.signum() >= 0 && value.bitLength() <= bits,
					"0".repeat(Math.max(0, digits - hex.length())) + hex, null);
		}

		Builder text(String name, String text) {
			return add(name, Kind.TEXT, 8 * text.length(), true, text, null);
		}

		List<IdSegment> build() {
			return List.copyOf(this.segments);
		}

		private Builder add(String name, Kind kind, int bits, boolean fits, String value, @Nullable Instant instant) {
			if (!fits) {
				throw new IllegalStateException("The value " + value + " of " + name + " exceeds its " + bits + " bits");
			}
			this.segments.add(new IdSegment(name, kind, this.offset, bits, value, instant));
			this.offset += bits;
			return this;
		}

		/** Tells whether {@code value} is a non-negative number of at most {@code bits} bits. */
		private static boolean fits(long value, int bits) {
			return value >= 0 && (bits >= 63 || (value >>> bits) == 0);
		}

		/** The unsigned number of {@code high} and {@code low} as its top and bottom 64 bits. */
		static BigInteger unsigned(long high, long low) {
			return new BigInteger(1, new byte[] { (byte) (high >>> 56), (byte) (high >>> 48), (byte) (high >>> 40),
					(byte) (high >>> 32), (byte) (high >>> 24), (byte) (high >>> 16), (byte) (high >>> 8), (byte) high,
					(byte) (low >>> 56), (byte) (low >>> 48), (byte) (low >>> 40), (byte) (low >>> 32),
					(byte) (low >>> 24), (byte) (low >>> 16), (byte) (low >>> 8), (byte) low });
		}

		/** The unsigned number of 32-bit limbs, most significant first, as {@link BaseN} holds them. */
		static BigInteger limbs(long[] limbs, int from, int to) {
			BigInteger value = BigInteger.ZERO;
			for (int i = from; i < to; i++) {
				value = value.shiftLeft(32).or(BigInteger.valueOf(limbs[i]));
			}
			return value;
		}

	}

}
