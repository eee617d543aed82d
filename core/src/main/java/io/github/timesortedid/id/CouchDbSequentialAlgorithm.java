package io.github.timesortedid.id;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code couchdb-sequential} algorithm, CouchDB's {@code sequential} (CouchDB documentation,
 * configuration, {@code [uuids] algorithm}): 26 lowercase hex digits of a random prefix (13 bytes)
 * and a 6-digit counter. The counter starts at a random value in {@code [1, 0xFFE)} and grows by
 * a random step in {@code [1, 0xFFE)}; once it has reached {@code 0xFFF000} a new prefix is drawn
 * and the counter starts again. IDs increase while the prefix lasts; they carry no time.
 */
final class CouchDbSequentialAlgorithm extends AbstractIdAlgorithm {

	private static final long COUNTER_LIMIT = 0xFFF000L;

	private static final long MAX_STEP = 0xFFDL;

	private static final BodyFormat FORMAT = new BodyFormat(32, Alphabet.HEX_LOWER);

	private final RandomSource random;

	private final AtomicReference<State> state = new AtomicReference<>(new State(0, 0, COUNTER_LIMIT));

	CouchDbSequentialAlgorithm(RandomSource random) {
		super(IdAlgorithms.COUCHDB_SEQUENTIAL, null, FORMAT);
		this.random = random;
	}

	@Override
	public void writeBody(byte[] dst, int offset) {
		long prefixHigh = this.random.nextLong() & 0xFF_FFFF_FFFFL;
		long prefixLow = this.random.nextLong();
		long step = 1 + Long.remainderUnsigned(this.random.nextLong(), MAX_STEP);
		State previous;
		State next;
		do {
			previous = this.state.get();
			next = (previous.counter() >= COUNTER_LIMIT) ? new State(prefixHigh, prefixLow, step)
					: new State(previous.prefixHigh(), previous.prefixLow(), previous.counter() + step);
		}
		while (!this.state.compareAndSet(previous, next));
		Hex.encode(Alphabet.HEX_LOWER, next.prefixHigh(), 10, dst, offset);
		Hex.encode(Alphabet.HEX_LOWER, next.prefixLow(), 16, dst, offset + 10);
		Hex.encode(Alphabet.HEX_LOWER, next.counter(), 6, dst, offset + 26);
	}

	@Override
	public void validateBody(CharSequence body) {
		FORMAT.check(body, what());
	}

	@Override
	public List<IdSegment> segments(CharSequence body) {
		validateBody(body);
		return new IdSegment.Builder()
			.random("prefix", 104, Hex.decode(Alphabet.HEX_LOWER, body, 0, 10), Hex.decode(Alphabet.HEX_LOWER, body, 10, 16))
			.counter("counter", 24, Hex.decode(Alphabet.HEX_LOWER, body, 26, 6))
			.build();
	}

	/** The random prefix (104 bits: 40 in the high part, 64 in the low) and the counter. */
	private record State(long prefixHigh, long prefixLow, long counter) {
	}

}
