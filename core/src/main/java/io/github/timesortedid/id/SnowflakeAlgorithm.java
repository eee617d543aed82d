package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import org.jspecify.annotations.Nullable;

/**
 * The {@code snowflake} algorithm, Twitter's Snowflake (github.com/twitter-archive/snowflake): a
 * positive 64-bit long of 41 bits of milliseconds since {@code epoch} (by default Twitter's,
 * 2010-11-04T01:42:54.657Z), a 10-bit node ID and a 12-bit sequence. After 4096 IDs in one
 * millisecond the generator waits for the next one, but never longer than {@code maxWait}; if the
 * clock has stepped back, before the call or during that wait, it counts on from the last
 * millisecond it used (borrowing the next one when the sequence is spent) instead of waiting for
 * the clock to catch up. With a leased node it starts above the node's high-water mark and
 * reports every millisecond it uses to the lease. Strings are a fixed-width
 * {@link SnowflakeEncoding} of the long.
 */
final class SnowflakeAlgorithm extends AbstractTimeOrderedAlgorithm implements LongIdAlgorithm {

	static final long TWITTER_EPOCH = 1_288_834_974_657L;

	private static final int SEQUENCE_BITS = 12;

	private static final long MAX_SEQUENCE = (1L << SEQUENCE_BITS) - 1;

	private static final int TIME_SHIFT = 22;

	/**
	 * The first sequence number of IDs minted for an instant: the upper half of the sequence, so that
	 * they meet the IDs the node makes live in that millisecond, which count from 0, only past 2048 of them.
	 */
	private static final int FIRST_MINTED = 1 << (SEQUENCE_BITS - 1);

	private final long node;

	private final SnowflakeEncoding encoding;

	private final Clock clock;

	private final long maxWaitNanos;

	private final @Nullable LeaseGuard lease;

	/** The last millisecond used and its sequence, as {@code millis << 12 | sequence}. */
	private final AtomicLong state;

	/** How many IDs were minted for each millisecond; see {@link #nextLongAt}. */
	private final TickCounts minted = new TickCounts();

	private final LongAdder waits = new LongAdder();

	private final LongAdder waitedNanos = new LongAdder();

	SnowflakeAlgorithm(long epochMillis, int nodeId, SnowflakeEncoding encoding, Duration maxWait, Clock clock,
			@Nullable LeaseGuard lease) {
		super(IdAlgorithms.SNOWFLAKE, "node " + nodeId + ", " + encoding.name().toLowerCase(Locale.ROOT), encoding.format(),
				new TimeField(IdAlgorithms.SNOWFLAKE, ChronoUnit.MILLIS, epochMillis, (1L << 41) - 1));
		this.node = (long) nodeId << SEQUENCE_BITS;
		this.encoding = encoding;
		this.clock = clock;
		this.maxWaitNanos = maxWait.toNanos();
		this.lease = lease;
		// with a leased node, start above what its earlier holders used, as if this generator had
		// spent that millisecond itself
		long used = (lease != null) ? lease.highWaterMark() - epochMillis : -1;
		this.state = new AtomicLong((used >= 0) ? (used << SEQUENCE_BITS) | MAX_SEQUENCE : -1L << SEQUENCE_BITS);
	}

	/** None: a snowflake ID is a {@code long}, which a {@code Long} attribute stores as a {@code bigint}. */
	@Override
	public @Nullable BinaryBody binaryBody() {
		return null;
	}

	@Override
	public long nextLong() {
		for (;;) {
			long now = time().now(this.clock);
			long previous = this.state.get();
			long millis = previous >> SEQUENCE_BITS;
			long next;
			if (now > millis) {
				next = now << SEQUENCE_BITS;
			}
			else {
				if ((previous & MAX_SEQUENCE) < MAX_SEQUENCE) {
					next = previous + 1;
				}
				else if (now < millis) {
					next = time().next(millis) << SEQUENCE_BITS;
				}
				else {
					awaitMillisAfter(millis);
					continue;
				}
			}
			if (this.state.compareAndSet(previous, next)) {
				if (this.lease != null) {
					this.lease.use((next >> SEQUENCE_BITS) + time().epoch());
				}
				return ((next >> SEQUENCE_BITS) << TIME_SHIFT) | this.node | (next & MAX_SEQUENCE);
			}
		}
	}

	/**
	 * Mints in the upper half of the millisecond's sequence, counting up; the lease is left alone:
	 * an instant in the past is no use of the node now, and one far ahead would make the node's next
	 * holders start there.
	 */
	@Override
	public long nextLongAt(Instant instant) {
		long millis = time().of(instant);
		int taken = this.minted.take(millis, (int) MAX_SEQUENCE + 1 - FIRST_MINTED);
		if (taken < 0) {
			throw new IdGenerationException("snowflake holds " + (MAX_SEQUENCE + 1 - FIRST_MINTED) + " IDs minted per "
					+ "millisecond and node (the upper half of its " + SEQUENCE_BITS + "-bit sequence; the lower half is "
					+ "for IDs made live), and all of " + time().toInstant(millis) + " were minted already");
		}
		return (millis << TIME_SHIFT) | this.node | (FIRST_MINTED + taken);
	}

	@Override
	public String nextBodyAt(Instant instant) {
		return encode(nextLongAt(instant));
	}

	/**
	 * Waits while the clock still reads {@code millis}. A clock that steps back during the wait ends
	 * it too: the caller then borrows the next millisecond, as after a step back before the call.
	 */
	private void awaitMillisAfter(long millis) {
		long start = System.nanoTime();
		long deadline = start + this.maxWaitNanos;
		try {
			spinWhileAt(millis, deadline);
		}
		finally {
			this.waits.increment();
			this.waitedNanos.add(System.nanoTime() - start);
		}
	}

	private void spinWhileAt(long millis, long deadline) {
		while (time().now(this.clock) == millis) {
			if (System.nanoTime() - deadline > 0) {
				throw new IdGenerationException("snowflake: 4096 IDs were handed out for " + time().toInstant(millis)
						+ " and the clock has not moved past it within " + Duration.ofNanos(this.maxWaitNanos)
						+ "; check the clock source");
			}
			Thread.onSpinWait();
		}
	}

	@Override
	public long waits() {
		return this.waits.sum();
	}

	@Override
	public Duration waited() {
		return Duration.ofNanos(this.waitedNanos.sum());
	}

	@Override
	public void writeBody(byte[] dst, int offset) {
		this.encoding.encode(nextLong(), dst, offset);
	}

	@Override
	public String encode(long value) {
		byte[] body = new byte[bodyLength()];
		this.encoding.encode(value, body, 0);
		return Ascii.string(body);
	}

	@Override
	public long decode(CharSequence body) {
		format().check(body, what());
		long value = this.encoding.decode(body);
		if (value < 0) {
			throw new InvalidIdException(body, what() + " exceeds the largest 63-bit value");
		}
		return value;
	}

	@Override
	public void validateBody(CharSequence body) {
		decode(body);
	}

	@Override
	public List<IdSegment> segments(CharSequence body) {
		long value = decode(body);
		int nodeBits = TIME_SHIFT - SEQUENCE_BITS;
		// the fields of Twitter's Snowflake README, from the top: the unused sign bit, the timestamp,
		// the node (its "machine id") and the sequence number
		return new IdSegment.Builder().fixed("sign", 1, value >>> 63)
			.time("timestamp", 63 - TIME_SHIFT, value >>> TIME_SHIFT, time())
			.node("node_id", nodeBits, (value >>> SEQUENCE_BITS) & ((1L << nodeBits) - 1))
			.counter("sequence", SEQUENCE_BITS, value & MAX_SEQUENCE)
			.build();
	}

	@Override
	public void validate(long value) {
		if (value < 0) {
			throw new InvalidIdException(Long.toString(value), "snowflake IDs are positive 63-bit values");
		}
	}

	@Override
	public Instant instantOf(CharSequence body) {
		return instantOf(decode(body));
	}

	@Override
	public Instant instantOf(long value) {
		validate(value);
		return time().toInstant(value >>> TIME_SHIFT);
	}

	@Override
	public long lowestLong(Instant instant) {
		return time().of(instant) << TIME_SHIFT;
	}

	@Override
	public long highestLong(Instant instant) {
		return lowestLong(instant) | ((1L << TIME_SHIFT) - 1);
	}

	@Override
	public String lowestBody(Instant instant) {
		return encode(lowestLong(instant));
	}

	@Override
	public String highestBody(Instant instant) {
		return encode(highestLong(instant));
	}

}
