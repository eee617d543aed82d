package io.github.timesortedid.id;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * CouchDB's {@code utc_id} (seed 001): 14 lowercase hex digits of microseconds since 1970 and a
 * fixed suffix such as {@code @mycouch} that tells instances apart. With no random part, one
 * generator hands out at most one ID per microsecond: a second request in the same microsecond (or
 * after the clock stepped back) takes the next microsecond.
 */
final class CouchDbUtcIdAlgorithm extends AbstractTimeOrderedAlgorithm {

	private static final int TIME_WIDTH = 14;

	private final Clock clock;

	private final String suffix;

	private final byte[] suffixBytes;

	private final AtomicLong last;

	private final LeaseGuard lease;

	CouchDbUtcIdAlgorithm(String suffix, Clock clock, LeaseGuard lease) {
		super(IdAlgorithms.COUCHDB_UTC_ID, new TimeField(IdAlgorithms.COUCHDB_UTC_ID, ChronoUnit.MICROS, 0,
				CouchDbUtcRandomAlgorithm.MAX_MICROS));
		this.clock = clock;
		this.suffix = suffix;
		this.suffixBytes = suffix.getBytes(StandardCharsets.US_ASCII);
		this.lease = lease;
		// with a leased node, start above every microsecond of the millisecond its earlier holders reached
		this.last = new AtomicLong((lease != null) ? lease.highWaterMark() * 1000 + 999 : -1);
	}

	@Override
	public int bodyLength() {
		return TIME_WIDTH + this.suffixBytes.length;
	}

	@Override
	public boolean isCaseSensitive() {
		return false;
	}

	@Override
	public boolean isBodyCharacter(char c) {
		return Alphabet.HEX_LOWER.contains(c) || this.suffix.indexOf(c) >= 0;
	}

	@Override
	public void writeBody(byte[] dst, int offset) {
		long now = time().now(this.clock);
		long previous;
		long next;
		do {
			previous = this.last.get();
			if (now < previous) {
				time().behind(now, previous);
			}
			next = (now > previous) ? now : time().next(previous);
		}
		while (!this.last.compareAndSet(previous, next));
		if (this.lease != null) {
			this.lease.use(next / 1000);
		}
		write(next, dst, offset);
	}

	@Override
	public void validateBody(CharSequence body) {
		BodyChecks.requireLength(body, bodyLength(), what());
		BodyChecks.requireDigits(body, 0, TIME_WIDTH, Alphabet.HEX_LOWER, what());
		for (int i = 0; i < this.suffixBytes.length; i++) {
			if (body.charAt(TIME_WIDTH + i) != this.suffix.charAt(i)) {
				throw new InvalidIdException(body, what() + " ends with the suffix '" + this.suffix + "'");
			}
		}
	}

	@Override
	public Instant instantOf(CharSequence body) {
		validateBody(body);
		return time().toInstant(Hex.decode(Alphabet.HEX_LOWER, body, 0, TIME_WIDTH));
	}

	@Override
	public String lowestBody(Instant instant) {
		byte[] body = new byte[bodyLength()];
		write(time().of(instant), body, 0);
		return ascii(body);
	}

	@Override
	public String highestBody(Instant instant) {
		// one ID per microsecond and instance: the lowest body is also the highest
		return lowestBody(instant);
	}

	private void write(long micros, byte[] dst, int off) {
		Hex.encode(Alphabet.HEX_LOWER, micros, TIME_WIDTH, dst, off);
		System.arraycopy(this.suffixBytes, 0, dst, off + TIME_WIDTH, this.suffixBytes.length);
	}

	@Override
	public String toString() {
		return name() + " (suffix " + this.suffix + ")";
	}

}
