package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Instant;

/**
 * An algorithm whose value is a timestamp plus a monotonic random part
 * ({@link TimeRandomSequence}); subclasses only lay the bits out as text. The lowest and highest
 * bodies for an instant are its timestamp with an all-zero and an all-one random part.
 */
abstract class TimeRandomAlgorithm extends AbstractTimeOrderedAlgorithm {

	private final TimeRandomSequence sequence;

	private final long maxHigh;

	TimeRandomAlgorithm(String name, TimeField time, Clock clock, RandomSource random, int randomBits) {
		super(name, time);
		this.sequence = new TimeRandomSequence(time, clock, random, randomBits);
		this.maxHigh = (randomBits == 128) ? -1L : (1L << (randomBits - 64)) - 1;
	}

	/** Writes the body of a raw timestamp and random part. */
	abstract void write(long time, long high, long low, byte[] dst, int off);

	/** Checks a body completely, or throws an {@link InvalidIdException} naming what is wrong. */
	abstract void check(CharSequence body);

	/** Reads the raw timestamp of a checked body. */
	abstract long rawTime(CharSequence body);

	final TimeRandomSequence.Draw draw() {
		return this.sequence.next();
	}

	final long maxHigh() {
		return this.maxHigh;
	}

	@Override
	public final void writeBody(byte[] dst, int offset) {
		TimeRandomSequence.Draw draw = this.sequence.next();
		write(draw.time, draw.high, draw.low, dst, offset);
	}

	@Override
	public final void validateBody(CharSequence body) {
		check(body);
	}

	@Override
	public final Instant instantOf(CharSequence body) {
		check(body);
		return time().toInstant(rawTime(body));
	}

	@Override
	public final String lowestBody(Instant instant) {
		return isDescending() ? bodyWithRandom(instant, this.maxHigh, -1L) : bodyWithRandom(instant, 0, 0);
	}

	@Override
	public final String highestBody(Instant instant) {
		return isDescending() ? bodyWithRandom(instant, 0, 0) : bodyWithRandom(instant, this.maxHigh, -1L);
	}

	private String bodyWithRandom(Instant instant, long high, long low) {
		byte[] body = new byte[bodyLength()];
		write(time().of(instant), high, low, body, 0);
		return ascii(body);
	}

}
