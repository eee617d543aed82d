package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * What the 128-bit, millisecond-prefixed algorithms share ({@code uuidv7}, {@code ulid},
 * {@code hex-ulid}): a 48-bit Unix millisecond timestamp in the top bits, a monotonic random
 * part, and one {@link Codec128} for the body. Subclasses place the random and fixed bits.
 */
abstract class Value128Algorithm extends TimeRandomAlgorithm implements UuidIdAlgorithm {

	private static final long MAX_MILLIS = (1L << 48) - 1;

	private final Codec128 codec;

	Value128Algorithm(String name, Codec128 codec, Clock clock, RandomSource random, int randomBits) {
		super(name, new TimeField(name, ChronoUnit.MILLIS, 0, MAX_MILLIS), clock, random, randomBits);
		this.codec = codec;
	}

	/** The most significant 64 bits for a timestamp and random part. */
	abstract long high(long time, long randomHigh, long randomLow);

	/** The least significant 64 bits for a timestamp and random part. */
	abstract long low(long time, long randomHigh, long randomLow);

	/** Checks the fixed bits of a value, or throws naming what is wrong. */
	abstract void checkFixedBits(CharSequence input, long high, long low);

	@Override
	public final int bodyLength() {
		return this.codec.length();
	}

	@Override
	public final boolean isCaseSensitive() {
		return this.codec.isCaseSensitive();
	}

	@Override
	public final boolean isBodyCharacter(char c) {
		return this.codec.isBodyCharacter(c);
	}

	@Override
	final void write(long time, long randomHigh, long randomLow, byte[] dst, int off) {
		this.codec.encode(high(time, randomHigh, randomLow), low(time, randomHigh, randomLow), dst, off);
	}

	@Override
	final void check(CharSequence body) {
		long[] value = this.codec.decode(body, what());
		checkFixedBits(body, value[0], value[1]);
	}

	@Override
	final long rawTime(CharSequence body) {
		return this.codec.decode(body, what())[0] >>> 16;
	}

	@Override
	public final UUID nextUuid() {
		TimeRandomSequence.Draw draw = draw();
		return new UUID(high(draw.time, draw.high, draw.low), low(draw.time, draw.high, draw.low));
	}

	@Override
	public final String encode(UUID uuid) {
		byte[] body = new byte[this.codec.length()];
		this.codec.encode(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits(), body, 0);
		return ascii(body);
	}

	@Override
	public final UUID decode(CharSequence body) {
		long[] value = this.codec.decode(body, what());
		checkFixedBits(body, value[0], value[1]);
		return new UUID(value[0], value[1]);
	}

	@Override
	public final void validate(UUID uuid) {
		if (uuid == null) {
			throw new InvalidIdException(null, "a " + name() + " value is required");
		}
		checkFixedBits(uuid.toString(), uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
	}

	@Override
	public final Instant instantOf(UUID uuid) {
		validate(uuid);
		return time().toInstant(uuid.getMostSignificantBits() >>> 16);
	}

	@Override
	public final UUID lowestUuid(Instant instant) {
		long t = time().of(instant);
		return new UUID(high(t, 0, 0), low(t, 0, 0));
	}

	@Override
	public final UUID highestUuid(Instant instant) {
		long t = time().of(instant);
		return new UUID(high(t, maxHigh(), -1L), low(t, maxHigh(), -1L));
	}

	@Override
	public final String toString() {
		// only uuidv7 has a choice of encoding; ulid and hex-ulid are named by theirs
		return name().equals(IdAlgorithms.UUIDV7) ? name() + " (" + this.codec.label() + ")" : name();
	}

}
