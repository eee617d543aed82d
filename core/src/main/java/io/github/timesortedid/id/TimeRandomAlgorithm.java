package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * An algorithm whose body is a timestamp and a monotonic random part ({@code uuidv7},
 * {@code ulid}, {@code hex-ulid}, {@code ksuid}, {@code kuuid}, {@code couchdb-utc-random}),
 * composed of the parts each of them states in its own class: a {@link BodyFormat}, a
 * {@link TimeField}, the width of the random part and a {@link Layout}. The values come from a
 * {@link TimeRandomSequence}; the lowest and highest bodies for an instant are its timestamp with
 * an all-zero and an all-one random part (the other way round for a descending layout).
 */
sealed class TimeRandomAlgorithm extends AbstractTimeOrderedAlgorithm permits Value128Algorithm {

	private final TimeRandomSequence sequence;

	private final MintSequence minted;

	private final Layout layout;

	/**
	 * @param name the name used in configuration
	 * @param details the settings shown by {@code toString()}, or {@code null}
	 * @param format the text form of every body
	 * @param time the timestamp field
	 * @param randomBits the width of the random part, 65 to 128
	 * @param layout how the timestamp and random part are written
	 * @param clock the clock
	 * @param random the random source
	 */
	TimeRandomAlgorithm(String name, @Nullable String details, BodyFormat format, TimeField time, int randomBits, Layout layout,
			Clock clock, RandomSource random) {
		super(name, details, format, time);
		this.sequence = new TimeRandomSequence(time, clock, random, randomBits);
		this.minted = new MintSequence(name, random, randomBits);
		this.layout = layout;
	}

	final TimeRandomSequence.Draw draw() {
		return this.sequence.next();
	}

	/** A draw minted for an instant; see {@link #nextBodyAt}. */
	final TimeRandomSequence.Draw drawAt(Instant instant) {
		return this.minted.at(time().of(instant));
	}

	/** The high bits of an all-one random part. */
	final long maxRandomHigh() {
		return this.sequence.maxHigh();
	}

	@Override
	public final boolean isDescending() {
		return this.layout.isDescending();
	}

	@Override
	final int valueBits() {
		return this.layout.valueBits(format());
	}

	@Override
	public final void writeBody(byte[] dst, int offset) {
		TimeRandomSequence.Draw draw = this.sequence.next();
		this.layout.write(draw.time(), draw.high(), draw.low(), dst, offset);
	}

	@Override
	public final String nextBodyAt(Instant instant) {
		TimeRandomSequence.Draw draw = drawAt(instant);
		return body(draw.time(), draw.high(), draw.low());
	}

	@Override
	public final void validateBody(CharSequence body) {
		this.layout.readTime(body, what());
	}

	@Override
	public final List<IdSegment> segments(CharSequence body) {
		return this.layout.segments(body, what(), time());
	}

	@Override
	public final Instant instantOf(CharSequence body) {
		return time().toInstant(this.layout.readTime(body, what()));
	}

	@Override
	public final String lowestBody(Instant instant) {
		return bodyAt(instant, isDescending());
	}

	@Override
	public final String highestBody(Instant instant) {
		return bodyAt(instant, !isDescending());
	}

	private String bodyAt(Instant instant, boolean allOnes) {
		return body(time().of(instant), allOnes ? maxRandomHigh() : 0, allOnes ? -1L : 0);
	}

	private String body(long time, long high, long low) {
		byte[] body = new byte[bodyLength()];
		this.layout.write(time, high, low, body, 0);
		return Ascii.string(body);
	}

	/**
	 * Where the timestamp and the random part go in a body: the part that each algorithm built on
	 * this class states for itself.
	 */
	interface Layout {

		/**
		 * Writes the body of a raw timestamp and a random part.
		 * @param time the raw timestamp
		 * @param high the bits of the random part above its low 64
		 * @param low the low 64 bits of the random part
		 * @param dst the destination
		 * @param off where the body starts
		 */
		void write(long time, long high, long low, byte[] dst, int off);

		/**
		 * Checks a body completely and reads its raw timestamp.
		 * @param body the text to check
		 * @param what how messages refer to a body
		 * @return the raw timestamp
		 * @throws InvalidIdException naming what is wrong
		 */
		long readTime(CharSequence body, String what);

		/**
		 * Checks a body completely and lists its fields.
		 * @param body the text to check
		 * @param what how messages refer to a body
		 * @param time the timestamp field, for the instant of the time segment
		 * @return the fields, from the most significant bit on
		 * @throws InvalidIdException naming what is wrong
		 */
		List<IdSegment> segments(CharSequence body, String what, TimeField time);

		/** Tells whether newer bodies sort first. */
		default boolean isDescending() {
			return false;
		}

		/**
		 * The width of the largest number a valid body spells, for its {@link BinaryBody}; by
		 * default all that the format's digits can spell.
		 */
		default int valueBits(BodyFormat format) {
			return PackedBody.wholeNumberBits(format);
		}

	}

}
