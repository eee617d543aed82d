package io.github.timesortedid.id;

import java.util.concurrent.atomic.AtomicReference;

/**
 * CouchDB's {@code sequential} (seed 001): 26 lowercase hex digits of a random prefix (13 bytes)
 * and a 6-digit counter. The counter starts at a random value in {@code [1, 0xFFE)} and grows by
 * a random step in {@code [1, 0xFFE)}; once it has reached {@code 0xFFF000} a new prefix is drawn
 * and the counter starts again. IDs increase while the prefix lasts; they carry no time.
 */
final class CouchDbSequentialAlgorithm implements IdAlgorithm {

	static final long COUNTER_LIMIT = 0xFFF000L;

	static final long MAX_STEP = 0xFFDL;

	private static final int LENGTH = 32;

	private final RandomSource random;

	private final AtomicReference<State> state = new AtomicReference<>(new State(0, 0, COUNTER_LIMIT));

	CouchDbSequentialAlgorithm(RandomSource random) {
		this.random = random;
	}

	@Override
	public String name() {
		return IdAlgorithms.COUCHDB_SEQUENTIAL;
	}

	@Override
	public int bodyLength() {
		return LENGTH;
	}

	@Override
	public boolean isCaseSensitive() {
		return false;
	}

	@Override
	public boolean isBodyCharacter(char c) {
		return Alphabet.HEX_LOWER.contains(c);
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
			next = (previous.counter >= COUNTER_LIMIT) ? new State(prefixHigh, prefixLow, step)
					: new State(previous.prefixHigh, previous.prefixLow, previous.counter + step);
		}
		while (!this.state.compareAndSet(previous, next));
		Hex.encode(Alphabet.HEX_LOWER, next.prefixHigh, 10, dst, offset);
		Hex.encode(Alphabet.HEX_LOWER, next.prefixLow, 16, dst, offset + 10);
		Hex.encode(Alphabet.HEX_LOWER, next.counter, 6, dst, offset + 26);
	}

	@Override
	public void validateBody(CharSequence body) {
		String what = "a " + name() + " body";
		BodyChecks.requireLength(body, LENGTH, what);
		BodyChecks.requireDigits(body, 0, LENGTH, Alphabet.HEX_LOWER, what);
	}

	@Override
	public String toString() {
		return name();
	}

	private static final class State {

		final long prefixHigh;

		final long prefixLow;

		final long counter;

		State(long prefixHigh, long prefixLow, long counter) {
			this.prefixHigh = prefixHigh;
			this.prefixLow = prefixLow;
			this.counter = counter;
		}

	}

}
