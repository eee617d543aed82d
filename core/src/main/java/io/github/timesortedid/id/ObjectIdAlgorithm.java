package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code objectid} algorithm, MongoDB's ObjectId (the ObjectID specification,
 * github.com/mongodb/specifications, {@code source/bson-objectid/objectid.md}): 4 bytes of seconds
 * since 1970, a 5-byte random value drawn once per generator (the spec's once per process), and a
 * 3-byte counter that starts at a random value; 24 lowercase hex digits. The counter runs on
 * across seconds as in MongoDB; should it come round within one second, the generator moves to
 * the next second rather than wrap, so IDs strictly increase.
 */
final class ObjectIdAlgorithm extends AbstractTimeOrderedAlgorithm {

	private static final BodyFormat FORMAT = new BodyFormat(24, Alphabet.HEX_LOWER);

	private static final int COUNTER_BITS = 24;

	private static final long COUNTER_MASK = (1L << COUNTER_BITS) - 1;

	private final Clock clock;

	private final long processValue;

	/** The last second used and its counter, as {@code seconds << 24 | counter}. */
	private final AtomicLong state;

	/**
	 * The random value and counter of the next ID minted for an instant, as one 64-bit count that
	 * starts at a random value below {@code 2^63}: one more for each ID, whatever its instant.
	 */
	private final AtomicLong minted;

	ObjectIdAlgorithm(Clock clock, RandomSource random) {
		super(IdAlgorithms.OBJECTID, null, FORMAT,
				new TimeField(IdAlgorithms.OBJECTID, ChronoUnit.SECONDS, 0, 0xFFFF_FFFFL));
		this.clock = clock;
		this.processValue = random.nextLong() & 0xFF_FFFF_FFFFL;
		// "second -1" with the counter one below its random start, so the first ID uses the start
		this.state = new AtomicLong((-1L << COUNTER_BITS) | ((random.nextLong() - 1) & COUNTER_MASK));
		this.minted = new AtomicLong(random.nextLong() >>> 1);
	}

	@Override
	public String nextBodyAt(Instant instant) {
		long seconds = time().of(instant);
		long count = this.minted.getAndIncrement();
		if (count < 0) {
			throw new IdGenerationException("This objectid generator minted its last ID for a given instant: its count "
					+ "is spent; make another generator to mint more");
		}
		return body(seconds, count >>> COUNTER_BITS, count & COUNTER_MASK);
	}

	@Override
	public void writeBody(byte[] dst, int offset) {
		long now = time().now(this.clock);
		long previous;
		long next;
		do {
			previous = this.state.get();
			long seconds = previous >> COUNTER_BITS;
			long counter = previous & COUNTER_MASK;
			if (now > seconds) {
				next = (now << COUNTER_BITS) | ((counter + 1) & COUNTER_MASK);
			}
			else {
				next = (counter < COUNTER_MASK) ? previous + 1 : time().next(seconds) << COUNTER_BITS;
			}
		}
		while (!this.state.compareAndSet(previous, next));
		write(next >>> COUNTER_BITS, this.processValue, next & COUNTER_MASK, dst, offset);
	}

	@Override
	public void validateBody(CharSequence body) {
		FORMAT.check(body, what());
	}

	@Override
	public List<IdSegment> segments(CharSequence body) {
		validateBody(body);
		// the ObjectID specification's fields: 4-byte timestamp, 5-byte random value, 3-byte counter
		return new IdSegment.Builder().time("timestamp", 32, Hex.decode(Alphabet.HEX_LOWER, body, 0, 8), time())
			.random("random", 40, Hex.decode(Alphabet.HEX_LOWER, body, 8, 10))
			.counter("counter", COUNTER_BITS, Hex.decode(Alphabet.HEX_LOWER, body, 18, 6))
			.build();
	}

	@Override
	public Instant instantOf(CharSequence body) {
		validateBody(body);
		return time().toInstant(Hex.decode(Alphabet.HEX_LOWER, body, 0, 8));
	}

	@Override
	public String lowestBody(Instant instant) {
		return body(time().of(instant), 0, 0);
	}

	@Override
	public String highestBody(Instant instant) {
		return body(time().of(instant), 0xFF_FFFF_FFFFL, COUNTER_MASK);
	}

	private String body(long seconds, long processValue, long counter) {
		byte[] body = new byte[FORMAT.length()];
		write(seconds, processValue, counter, body, 0);
		return Ascii.string(body);
	}

	private static void write(long seconds, long processValue, long counter, byte[] dst, int off) {
		// the 96 bits as 64 + 32, so that every digit goes out in a run of eight
		Hex.encode(Alphabet.HEX_LOWER, (seconds << 32) | (processValue >>> 8), 16, dst, off);
		Hex.encode(Alphabet.HEX_LOWER, ((processValue & 0xFF) << 24) | counter, 8, dst, off + 16);
	}

}
