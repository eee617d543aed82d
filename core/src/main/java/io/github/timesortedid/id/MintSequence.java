package io.github.timesortedid.id;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The random parts of the bodies a "timestamp + random" algorithm mints for given instants
 * ({@link TimeOrderedIdAlgorithm#nextBodyAt}): a 32-bit counter on top, fresh random bits below it,
 * which is RFC 9562's fixed bit-length dedicated counter (section 6.2, method 1) with the counter
 * shared by every instant. A later count sorts above an earlier one whatever the random bits, so the
 * bodies of one instant increase in the order they are minted and never repeat, without remembering
 * the instants: the state is one number. The counter starts at a random value below {@code 2^31},
 * so that generators of other processes minting for the same instant rarely share counts, and
 * every generator mints at least {@code 2^31} bodies; the random bits (at least 40) tell apart
 * those that do share one, and minted bodies from those {@link TimeRandomSequence} makes.
 */
final class MintSequence {

	private static final int COUNTER_BITS = 32;

	private static final long LAST_COUNT = (1L << COUNTER_BITS) - 1;

	private final String algorithm;

	private final RandomSource random;

	/** The bits below the counter: the random part's width less the counter's, 40 to 96. */
	private final int randomBits;

	private final AtomicLong counter;

	/**
	 * @param algorithm the algorithm's name, for messages
	 * @param random the random source
	 * @param randomPartBits the width of the random part, 72 to 128
	 */
	MintSequence(String algorithm, RandomSource random, int randomPartBits) {
		this.algorithm = algorithm;
		this.random = random;
		this.randomBits = randomPartBits - COUNTER_BITS;
		this.counter = new AtomicLong(random.nextLong() >>> (Long.SIZE - COUNTER_BITS + 1));
	}

	/** The next draw of a raw timestamp: its random part's high and low 64 bits as {@link TimeRandomSequence.Draw} holds them. */
	TimeRandomSequence.Draw at(long time) {
		long count = this.counter.getAndIncrement();
		if (count > LAST_COUNT) {
			throw new IdGenerationException("This " + this.algorithm + " generator minted its last ID for a given "
					+ "instant: its 32-bit counter is spent; make another generator to mint more");
		}
		long high;
		long low;
		if (this.randomBits >= Long.SIZE) {
			int above = this.randomBits - Long.SIZE;
			low = this.random.nextLong();
			high = (count << above) | (this.random.nextLong() & ((1L << above) - 1));
		}
		else {
			low = (count << this.randomBits) | (this.random.nextLong() & ((1L << this.randomBits) - 1));
			high = count >>> (Long.SIZE - this.randomBits);
		}
		return new TimeRandomSequence.Draw(time, high, low);
	}

}
