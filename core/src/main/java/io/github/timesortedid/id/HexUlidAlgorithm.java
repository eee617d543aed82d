package io.github.timesortedid.id;

import java.time.Clock;

/**
 * The {@code hex-ulid} algorithm: the ULID bit layout (github.com/ulid/spec, see
 * {@link UlidAlgorithm}), 48-bit Unix milliseconds and 80 random bits, written as 32 uppercase
 * hex digits: 12 of the timestamp and 20 of the random part. That is the text SQLite makes with
 * {@code printf('%012X', ms) || hex(randomblob(10))} (sqlite.org/lang_corefunc.html), so a
 * database can fill the same column without this library. Hex keeps string order equal to
 * numeric order; the random part is monotonic as for {@code ulid}.
 */
final class HexUlidAlgorithm {

	private HexUlidAlgorithm() {
	}

	static UuidIdAlgorithm create(Clock clock, RandomSource random) {
		return new Value128Algorithm(IdAlgorithms.HEX_ULID, null, UlidAlgorithm.LAYOUT, Codec128.HEX_UPPER, clock,
				random);
	}

}
