package io.github.timesortedid.id;

import java.util.concurrent.ThreadLocalRandom;

/** Random bits from {@link ThreadLocalRandom}: no shared state, not for secrets. */
final class FastRandomSource implements RandomSource {

	static final FastRandomSource INSTANCE = new FastRandomSource();

	private FastRandomSource() {
	}

	@Override
	public long nextLong() {
		return ThreadLocalRandom.current().nextLong();
	}

	@Override
	public String toString() {
		return "fast (ThreadLocalRandom)";
	}

}
