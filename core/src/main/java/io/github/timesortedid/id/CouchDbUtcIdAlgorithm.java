package io.github.timesortedid.id;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

/**
 * The {@code couchdb-utc-id} algorithm, CouchDB's {@code utc_id} (CouchDB documentation,
 * configuration, {@code [uuids] algorithm} and {@code utc_id_suffix}): 14 lowercase hex digits of
 * microseconds since 1970 and a fixed suffix such as {@code @mycouch} that tells instances apart.
 * With no random part, one generator hands out at most one ID per microsecond: a second request in
 * the same microsecond (or after the clock stepped back) takes the next microsecond. With a leased
 * node it starts above the node's high-water mark and reports every millisecond it uses to the
 * lease.
 */
final class CouchDbUtcIdAlgorithm extends AbstractTimeOrderedAlgorithm {

	private static final int TIME_WIDTH = CouchDbUtcRandomAlgorithm.TIME_WIDTH;

	private final Clock clock;

	private final String suffix;

	private final byte[] suffixBytes;

	private final AtomicLong last;

	private final @Nullable LeaseGuard lease;

	/** The microseconds minted for; see {@link #nextBodyAt}. */
	private final TickCounts minted = new TickCounts();

	CouchDbUtcIdAlgorithm(String suffix, Clock clock, @Nullable LeaseGuard lease) {
		super(IdAlgorithms.COUCHDB_UTC_ID, "suffix " + suffix,
				new BodyFormat(TIME_WIDTH + suffix.length(), Alphabet.HEX_LOWER, suffix), new TimeField(
						IdAlgorithms.COUCHDB_UTC_ID, ChronoUnit.MICROS, 0, CouchDbUtcRandomAlgorithm.MAX_MICROS));
		this.clock = clock;
		this.suffix = suffix;
		this.suffixBytes = suffix.getBytes(StandardCharsets.US_ASCII);
		this.lease = lease;
		// with a leased node, start above every microsecond of the millisecond its earlier holders reached
		this.last = new AtomicLong((lease != null) ? lease.highWaterMark() * 1000 + 999 : -1);
	}

	@Override
	public void writeBody(byte[] dst, int offset) {
		long now = time().now(this.clock);
		long previous;
		long next;
		do {
			previous = this.last.get();
			next = (now > previous) ? now : time().next(previous);
		}
		while (!this.last.compareAndSet(previous, next));
		if (this.lease != null) {
			this.lease.use(next / 1000);
		}
		write(next, dst, offset);
	}

	/** One body per microsecond: the time and the suffix are all there is. The lease is left alone, as by snowflake. */
	@Override
	public String nextBodyAt(Instant instant) {
		long micros = time().of(instant);
		if (this.minted.take(micros, 1) < 0) {
			throw new IdGenerationException("couchdb-utc-id holds one ID per microsecond and suffix, and one was minted for "
					+ time().toInstant(micros) + " already");
		}
		return lowestBody(instant);
	}

	@Override
	public void validateBody(CharSequence body) {
		format().requireLength(body, what());
		format().requireDigits(body, 0, TIME_WIDTH, what());
		for (int i = 0; i < this.suffixBytes.length; i++) {
			if (body.charAt(TIME_WIDTH + i) != this.suffix.charAt(i)) {
				throw new InvalidIdException(body, what() + " ends with the suffix '" + this.suffix + "'");
			}
		}
	}

	/** The hex time digits, then the suffix as it is. */
	@Override
	String bodyPattern() {
		return format().digitsPattern(TIME_WIDTH) + Regex.literal(this.suffix);
	}

	@Override
	public List<IdSegment> segments(CharSequence body) {
		validateBody(body);
		return new IdSegment.Builder()
			.time("timestamp", 4 * TIME_WIDTH, Hex.decode(Alphabet.HEX_LOWER, body, 0, TIME_WIDTH), time())
			.text("suffix", this.suffix)
			.build();
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
		return Ascii.string(body);
	}

	@Override
	public String highestBody(Instant instant) {
		// one ID per microsecond and instance: the lowest body is also the highest
		return lowestBody(instant);
	}

	@Override
	public String boundBody(Instant instant) {
		// the time alone: a suffix of another instance may sort below this one's
		return lowestBody(instant).substring(0, TIME_WIDTH);
	}

	private void write(long micros, byte[] dst, int off) {
		Hex.encode(Alphabet.HEX_LOWER, micros, TIME_WIDTH, dst, off);
		System.arraycopy(this.suffixBytes, 0, dst, off + TIME_WIDTH, this.suffixBytes.length);
	}

}
