package io.github.timesortedid.id;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The {@code kuuid} algorithm, as the npm package {@code kuuid} (npmjs.com/package/kuuid) makes
 * IDs: 8 base62 characters of seconds (with {@code millisecond}: milliseconds) since 1970, then
 * four groups of 6 base62 characters, each a 32-bit random number, all zero-padded in the
 * ASCII-ordered alphabet {@code 0-9A-Za-z}. With {@code reverse} the timestamp is stored as
 * {@code 62^8-1 - t}, so the newest ID sorts first; the random groups are complemented as well,
 * so that IDs from one generator strictly decrease. The 128 random bits are the monotonic part.
 */
final class KuuidAlgorithm implements TimeRandomAlgorithm.Layout {

	private static final long MAX_TIME = 218_340_105_584_895L; // 62^8 - 1

	private static final int TIME_WIDTH = 8;

	/** The bits the largest timestamp of 8 base62 digits needs: 48. */
	private static final int TIME_BITS = Long.SIZE - Long.numberOfLeadingZeros(MAX_TIME);

	private static final int GROUP_WIDTH = 6;

	private static final long GROUP_MASK = 0xFFFF_FFFFL;

	private static final int RANDOM_BITS = 128;

	private static final BodyFormat FORMAT = new BodyFormat(TIME_WIDTH + 4 * GROUP_WIDTH, Alphabet.BASE62);

	private static final KuuidAlgorithm FORWARD = new KuuidAlgorithm(false);

	private static final KuuidAlgorithm REVERSE = new KuuidAlgorithm(true);

	private final boolean reverse;

	private KuuidAlgorithm(boolean reverse) {
		this.reverse = reverse;
	}

	static TimeOrderedIdAlgorithm create(boolean millisecond, boolean reverse, Clock clock, RandomSource random) {
		ChronoUnit unit = millisecond ? ChronoUnit.MILLIS : ChronoUnit.SECONDS;
		TimeField time = new TimeField(IdAlgorithms.KUUID, unit, 0, MAX_TIME);
		String details = (millisecond ? "millis" : "seconds") + (reverse ? ", reverse" : "");
		return new TimeRandomAlgorithm(IdAlgorithms.KUUID, details, FORMAT, time, RANDOM_BITS,
				reverse ? REVERSE : FORWARD, clock, random);
	}

	@Override
	public boolean isDescending() {
		return this.reverse;
	}

	@Override
	public void write(long time, long high, long low, byte[] dst, int off) {
		if (this.reverse) {
			time = MAX_TIME - time;
			high = ~high;
			low = ~low;
		}
		BaseN.BASE62.encode(time, dst, off, TIME_WIDTH);
		BaseN.BASE62.encode(high >>> 32, dst, off + 8, GROUP_WIDTH);
		BaseN.BASE62.encode(high & GROUP_MASK, dst, off + 14, GROUP_WIDTH);
		BaseN.BASE62.encode(low >>> 32, dst, off + 20, GROUP_WIDTH);
		BaseN.BASE62.encode(low & GROUP_MASK, dst, off + 26, GROUP_WIDTH);
	}

	@Override
	public List<IdSegment> segments(CharSequence body, String what, TimeField time) {
		long raw = readTime(body, what);
		// as stored: with reverse, the complements; the instant is the decoded time either way
		IdSegment.Builder segments = new IdSegment.Builder().time("timestamp", TIME_BITS,
				BaseN.BASE62.decode(body, 0, TIME_WIDTH), time.toInstant(raw));
		for (int group = TIME_WIDTH; group < FORMAT.length(); group += GROUP_WIDTH) {
			segments.random("random_" + (1 + (group - TIME_WIDTH) / GROUP_WIDTH), 32,
					BaseN.BASE62.decode(body, group, GROUP_WIDTH));
		}
		return segments.build();
	}

	@Override
	public long readTime(CharSequence body, String what) {
		FORMAT.check(body, what);
		for (int group = TIME_WIDTH; group < FORMAT.length(); group += GROUP_WIDTH) {
			if (BaseN.BASE62.decode(body, group, GROUP_WIDTH) > GROUP_MASK) {
				throw new InvalidIdException(body, "random group at index " + group + " of " + what + " exceeds 32 bits");
			}
		}
		long stored = BaseN.BASE62.decode(body, 0, TIME_WIDTH);
		return this.reverse ? MAX_TIME - stored : stored;
	}

}
