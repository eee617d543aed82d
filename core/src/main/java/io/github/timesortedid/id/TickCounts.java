package io.github.timesortedid.id;

/**
 * How many IDs were minted for each tick of an algorithm whose IDs of one tick have little or no
 * room to differ ({@code snowflake}'s sequence, {@code couchdb-utc-id}'s nothing): without it a
 * second ID minted for a tick would repeat the first. One slot per tick ever minted for, in an
 * open-addressing table of two arrays under this object's lock, about 24 to 48 bytes per tick.
 */
final class TickCounts {

	/** Raw timestamps are never negative. */
	private static final long EMPTY = -1;

	private long[] ticks = empty(64);

	private int[] counts = new int[64];

	private int size;

	/**
	 * Takes the next number of a tick.
	 * @param tick the raw timestamp
	 * @param room how many IDs the tick holds
	 * @return 0 for the tick's first ID, 1 for its second, and so on; {@code -1} once {@code room} are taken
	 */
	synchronized int take(long tick, int room) {
		int slot = slot(this.ticks, tick);
		if (this.ticks[slot] == tick) {
			if (this.counts[slot] >= room) {
				return -1;
			}
			return this.counts[slot]++;
		}
		if (2 * (this.size + 1) > this.ticks.length) {
			grow();
			slot = slot(this.ticks, tick);
		}
		this.ticks[slot] = tick;
		this.counts[slot] = 1;
		this.size++;
		return 0;
	}

	/** The slot of a tick, or the empty one where it would go. */
	private static int slot(long[] ticks, long tick) {
		int mask = ticks.length - 1;
		int slot = (int) ((tick * 0x9E37_79B9_7F4A_7C15L) >>> 32) & mask;
		while (ticks[slot] != EMPTY && ticks[slot] != tick) {
			slot = (slot + 1) & mask;
		}
		return slot;
	}

	private void grow() {
		long[] ticks = empty(this.ticks.length * 2);
		int[] counts = new int[ticks.length];
		for (int i = 0; i < this.ticks.length; i++) {
			if (this.ticks[i] != EMPTY) {
				int slot = slot(ticks, this.ticks[i]);
				ticks[slot] = this.ticks[i];
				counts[slot] = this.counts[i];
			}
		}
		this.ticks = ticks;
		this.counts = counts;
	}

	private static long[] empty(int length) {
		long[] ticks = new long[length];
		java.util.Arrays.fill(ticks, EMPTY);
		return ticks;
	}

}
