package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * A {@link TimeRandomAlgorithm} whose value is 128 bits with 48-bit Unix milliseconds on top, so
 * that it also fills a {@link UUID} field. It is composed of a {@link BitLayout} (where the random
 * part and any fixed bits go: {@link UuidV7Algorithm}, {@link UlidAlgorithm}) and a
 * {@link Codec128} (how the 128 bits are written: {@link HexUlidAlgorithm} is the ULID layout in
 * hex).
 */
final class Value128Algorithm extends TimeRandomAlgorithm implements UuidIdAlgorithm {

	private static final long MAX_MILLIS = (1L << 48) - 1;

	private final BitLayout layout;

	private final Text text;

	/**
	 * @param name the name used in configuration
	 * @param details the settings shown by {@code toString()}, or {@code null}
	 * @param layout where the timestamp, random and fixed bits go
	 * @param codec how the value is written
	 * @param clock the clock
	 * @param random the random source
	 */
	Value128Algorithm(String name, @Nullable String details, BitLayout layout, Codec128 codec, Clock clock, RandomSource random) {
		this(name, details, layout, new Text(layout, codec), clock, random);
	}

	private Value128Algorithm(String name, @Nullable String details, BitLayout layout, Text text, Clock clock, RandomSource random) {
		super(name, details, text.codec().format(), new TimeField(name, ChronoUnit.MILLIS, 0, MAX_MILLIS),
				layout.randomBits(), text, clock, random);
		this.layout = layout;
		this.text = text;
	}

	@Override
	public UUID nextUuid() {
		TimeRandomSequence.Draw draw = draw();
		return value(draw.time(), draw.high(), draw.low());
	}

	@Override
	public UUID nextUuidAt(Instant instant) {
		TimeRandomSequence.Draw draw = drawAt(instant);
		return value(draw.time(), draw.high(), draw.low());
	}

	@Override
	public String encode(UUID uuid) {
		byte[] body = new byte[bodyLength()];
		this.text.codec().encode(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits(), body, 0);
		return Ascii.string(body);
	}

	@Override
	public UUID decode(CharSequence body) {
		long[] value = this.text.decode(body, what());
		return new UUID(value[0], value[1]);
	}

	/** The 128 bits themselves, whatever their text encoding: a {@code uuid} column takes them as they are. */
	@Override
	public BinaryBody binaryBody() {
		return new Binary(this.text.codec(), this.layout);
	}

	@Override
	public void validate(@Nullable UUID uuid) {
		if (uuid == null) {
			throw new InvalidIdException(null, Nouns.withArticle(name()) + " value is required");
		}
		this.layout.checkFixedBits(uuid.toString(), uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
	}

	/** The codec's text: the canonical form has its hyphens at fixed places. */
	@Override
	String bodyPattern() {
		return this.text.codec().pattern();
	}

	@Override
	public Instant instantOf(UUID uuid) {
		validate(uuid);
		return time().toInstant(uuid.getMostSignificantBits() >>> 16);
	}

	@Override
	public UUID lowestUuid(Instant instant) {
		return value(time().of(instant), 0, 0);
	}

	@Override
	public UUID highestUuid(Instant instant) {
		return value(time().of(instant), maxRandomHigh(), -1L);
	}

	private UUID value(long time, long randomHigh, long randomLow) {
		return new UUID(this.layout.high(time, randomHigh, randomLow), this.layout.low(time, randomHigh, randomLow));
	}

	/**
	 * Where the 48-bit timestamp, the random part and any fixed bits (version, variant) go in the
	 * 128 bits: the part that {@code uuidv7} and {@code ulid} state for themselves.
	 */
	interface BitLayout {

		/** The width of the random part, 65 to 80. */
		int randomBits();

		/** The most significant 64 bits for a raw timestamp and random part. */
		long high(long time, long randomHigh, long randomLow);

		/** The least significant 64 bits for a raw timestamp and random part. */
		long low(long time, long randomHigh, long randomLow);

		/**
		 * Lists the fields of a value.
		 * @param high the most significant 64 bits
		 * @param low the least significant 64 bits
		 * @param time the timestamp field
		 * @return the fields, from the most significant bit on
		 */
		List<IdSegment> segments(long high, long low, TimeField time);

		/**
		 * Checks the fixed bits of a value.
		 * @param input the value as text, for the message
		 * @throws InvalidIdException naming the wrong bits
		 */
		default void checkFixedBits(CharSequence input, long high, long low) {
		}

	}

	/** The 16 bytes of a body: the value that its codec's text spells. */
	private record Binary(Codec128 codec, BitLayout layout) implements BinaryBody {

		@Override
		public int length() {
			return 16;
		}

		@Override
		public @Nullable UUID readUuid(byte[] latin1, int off) {
			UUID value = this.codec.read(latin1, off);
			if (value == null) {
				return null;
			}
			try {
				this.layout.checkFixedBits("", value.getMostSignificantBits(), value.getLeastSignificantBits());
			}
			catch (InvalidIdException ex) {
				return null; // the checked path says it again, about the whole ID
			}
			return value;
		}

		@Override
		public void write(CharSequence body, byte[] dst, int off) {
			long[] value = this.codec.decode(body, "a body");
			Bytes.putLong(dst, off, value[0]);
			Bytes.putLong(dst, off + 8, value[1]);
		}

		@Override
		public void read(byte[] src, int srcOff, byte[] dst, int dstOff) {
			this.codec.encode(Bytes.getLong(src, srcOff), Bytes.getLong(src, srcOff + 8), dst, dstOff);
		}

		@Override
		public void read(long high, long low, byte[] dst, int dstOff) {
			this.codec.encode(high, low, dst, dstOff);
		}

	}

	/** A body as the codec's text of the layout's 128 bits. */
	private record Text(BitLayout layout, Codec128 codec) implements TimeRandomAlgorithm.Layout {

		@Override
		public void write(long time, long high, long low, byte[] dst, int off) {
			this.codec.encode(this.layout.high(time, high, low), this.layout.low(time, high, low), dst, off);
		}

		@Override
		public long readTime(CharSequence body, String what) {
			return decode(body, what)[0] >>> 16;
		}

		@Override
		public List<IdSegment> segments(CharSequence body, String what, TimeField time) {
			long[] value = decode(body, what);
			return this.layout.segments(value[0], value[1], time);
		}

		long[] decode(CharSequence body, String what) {
			long[] value = this.codec.decode(body, what);
			this.layout.checkFixedBits(body, value[0], value[1]);
			return value;
		}

	}

}
