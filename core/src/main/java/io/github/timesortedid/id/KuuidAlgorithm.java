package io.github.timesortedid.id;

import java.time.Clock;
import java.time.temporal.ChronoUnit;

/**
 * kuuid (seed 000, npm {@code kuuid}): 8 base62 characters of seconds (or, with
 * {@code millisecond}, milliseconds) since 1970, then four groups of 6 base62 characters, each a
 * 32-bit random number, all zero-padded in the ASCII-ordered alphabet {@code 0-9A-Za-z}. With
 * {@code reverse} the timestamp is stored as {@code 62^8-1 - t}, so the newest ID sorts first;
 * the random groups are complemented as well, so that IDs from one generator strictly decrease.
 */
final class KuuidAlgorithm extends TimeRandomAlgorithm {

	static final long MAX_TIME = 218_340_105_584_895L; // 62^8 - 1

	private static final int TIME_WIDTH = 8;

	private static final int GROUP_WIDTH = 6;

	private static final long GROUP_MASK = 0xFFFF_FFFFL;

	private final boolean reverse;

	KuuidAlgorithm(boolean millisecond, boolean reverse, Clock clock, RandomSource random) {
		super(IdAlgorithms.KUUID, new TimeField(IdAlgorithms.KUUID, millisecond ? ChronoUnit.MILLIS : ChronoUnit.SECONDS, 0,
				MAX_TIME), clock, random, 128);
		this.reverse = reverse;
	}

	@Override
	public int bodyLength() {
		return TIME_WIDTH + 4 * GROUP_WIDTH;
	}

	@Override
	public boolean isCaseSensitive() {
		return true;
	}

	@Override
	public boolean isBodyCharacter(char c) {
		return Alphabet.BASE62.contains(c);
	}

	@Override
	public boolean isDescending() {
		return this.reverse;
	}

	@Override
	void write(long time, long high, long low, byte[] dst, int off) {
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
	void check(CharSequence body) {
		BodyChecks.requireLength(body, bodyLength(), what());
		BodyChecks.requireDigits(body, 0, bodyLength(), Alphabet.BASE62, what());
		for (int group = TIME_WIDTH; group < bodyLength(); group += GROUP_WIDTH) {
			if (BaseN.BASE62.decode(body, group, GROUP_WIDTH) > GROUP_MASK) {
				throw new InvalidIdException(body,
						"random group at index " + group + " of " + what() + " exceeds 32 bits");
			}
		}
	}

	@Override
	long rawTime(CharSequence body) {
		long stored = BaseN.BASE62.decode(body, 0, TIME_WIDTH);
		return this.reverse ? MAX_TIME - stored : stored;
	}

	@Override
	public String toString() {
		return name() + " (" + precision().toString().toLowerCase() + (this.reverse ? ", reverse)" : ")");
	}

}
