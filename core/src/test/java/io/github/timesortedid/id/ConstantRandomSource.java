package io.github.timesortedid.id;

/** A "random" source that always returns one value, to drive generators to their limits. */
final class ConstantRandomSource implements RandomSource {

	private final long value;

	ConstantRandomSource(long value) {
		this.value = value;
	}

	@Override
	public long nextLong() {
		return this.value;
	}

}
