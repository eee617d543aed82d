package io.github.timesortedid.id;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeAlgorithmTests {

	private static final Instant INSTANT = Instant.parse("2026-11-22T03:04:05.678Z");

	private static LongIdAlgorithm snowflake(AlgorithmOptions.Builder options) {
		return (LongIdAlgorithm) IdAlgorithms.create(IdAlgorithms.SNOWFLAKE, options.build());
	}

	@Test
	void decodesDiscordsDocumentedExampleWithItsEpoch() {
		// discord.com/developers/docs/reference#snowflakes: 2016-04-30 11:18:25.796 UTC, worker 1, process 0, increment 7
		LongIdAlgorithm discord = snowflake(AlgorithmOptions.builder().snowflakeEpoch(1_420_070_400_000L));
		long value = 175928847299117063L;
		assertThat(discord.instantOf(value)).isEqualTo(Instant.parse("2016-04-30T11:18:25.796Z"));
		assertThat((value >> 12) & 0x3FF).isEqualTo((1 << 5) | 0);
		assertThat(value & 0xFFF).isEqualTo(7);
		assertThat(discord.lowestLong(Instant.parse("2016-04-30T11:18:25.796Z"))).isLessThanOrEqualTo(value);
		assertThat(discord.highestLong(Instant.parse("2016-04-30T11:18:25.796Z"))).isGreaterThanOrEqualTo(value);
	}

	@Test
	void layoutIs41BitsOfMillisSinceTheEpochThenNodeThenSequence() {
		SettableClock clock = new SettableClock(INSTANT);
		LongIdAlgorithm snowflake = snowflake(AlgorithmOptions.builder().clock(clock).snowflakeNodeId(1023));
		long first = snowflake.nextLong();
		long second = snowflake.nextLong();
		long millis = INSTANT.toEpochMilli() - 1_288_834_974_657L;
		assertThat(first).isEqualTo((millis << 22) | (1023L << 12));
		assertThat(second).isEqualTo(first + 1);
		assertThat(snowflake.instantOf(first)).isEqualTo(INSTANT);
	}

	@ParameterizedTest
	@EnumSource(SnowflakeEncoding.class)
	void stringEncodingsAreFixedWidthAndRoundTrip(SnowflakeEncoding encoding) {
		LongIdAlgorithm snowflake = snowflake(AlgorithmOptions.builder().snowflakeEncoding(encoding));
		for (long value : new long[] { 0, 1, 175928847299117063L, Long.MAX_VALUE, snowflake.nextLong() }) {
			String body = snowflake.encode(value);
			assertThat(body).hasSize(encoding.length());
			assertThat(snowflake.decode(body)).isEqualTo(value);
		}
		assertThat(snowflake.encode(Long.MAX_VALUE)).isEqualTo(switch (encoding) {
			case DECIMAL -> "9223372036854775807";
			case BASE32 -> "7zzzzzzzzzzzz";
			case BASE62 -> "AzL8n0Y58m7";
		});
	}

	@Test
	void rejectsBodiesAbove63Bits() {
		for (SnowflakeEncoding encoding : SnowflakeEncoding.values()) {
			LongIdAlgorithm snowflake = snowflake(AlgorithmOptions.builder().snowflakeEncoding(encoding));
			String tooBig = switch (encoding) {
				case DECIMAL -> "9223372036854775808";
				case BASE32 -> "8000000000000";
				case BASE62 -> "AzL8n0Y58m8";
			};
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> snowflake.decode(tooBig))
				.withMessageContaining("exceeds the largest 63-bit value");
		}
	}

	@Test
	void the4097thIdInOneMillisecondWaitsForTheNext() {
		// a clock that moves 1 ms forward every 50,000 reads: the generator must spin until it does
		Set<Long> seen = new HashSet<>();
		SettableClock base = new SettableClock(INSTANT);
		java.util.concurrent.atomic.AtomicLong reads = new java.util.concurrent.atomic.AtomicLong();
		java.time.Clock ticking = reading(() -> {
			if (reads.incrementAndGet() % 50_000 == 0) {
				base.advance(Duration.ofMillis(1));
			}
			return base.millis();
		});
		LongIdAlgorithm snowflake = snowflake(AlgorithmOptions.builder().clock(ticking));
		long previous = -1;
		for (int i = 0; i < 3 * 4096; i++) {
			long value = snowflake.nextLong();
			assertThat(value).isGreaterThan(previous);
			assertThat(seen.add(value)).isTrue();
			// the instant encoded is never ahead of the clock: it waited rather than borrowed
			assertThat(snowflake.instantOf(value)).isBeforeOrEqualTo(base.instant());
			previous = value;
		}
		assertThat(snowflake.instantOf(previous)).isEqualTo(INSTANT.plusMillis(2));
	}

	@Test
	void aFrozenClockEndsInAClearErrorAfterABoundedWait() {
		LongIdAlgorithm snowflake = snowflake(AlgorithmOptions.builder()
			.clock(new SettableClock(INSTANT))
			.snowflakeMaxWait(Duration.ofMillis(50)));
		for (int i = 0; i < 4096; i++) {
			snowflake.nextLong();
		}
		long started = System.nanoTime();
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(snowflake::nextLong)
			.withMessageContaining("4096 IDs were handed out for 2026-11-22T03:04:05.678Z")
			.withMessageContaining("has not moved past it within PT0.05S");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
	}

	@Test
	void afterTheClockStepsBackItCountsOnAndBorrowsInsteadOfWaiting() {
		SettableClock clock = new SettableClock(INSTANT);
		LongIdAlgorithm snowflake = snowflake(AlgorithmOptions.builder().clock(clock).snowflakeMaxWait(Duration.ofMillis(1)));
		long last = snowflake.nextLong();
		clock.advance(Duration.ofSeconds(-10));
		for (int i = 0; i < 10 * 4096; i++) {
			long value = snowflake.nextLong();
			assertThat(value).isGreaterThan(last);
			last = value;
		}
		assertThat(snowflake.instantOf(last)).isEqualTo(INSTANT.plusMillis(10));
	}

	@Test
	void aClockThatStepsBackWhileItWaitsForTheNextMillisecondBorrowsInsteadOfFailing() {
		// 4096 IDs in millisecond T; then, as the 4097th call waits for T + 1, the clock reads T - 10
		SettableClock clock = new SettableClock(INSTANT);
		java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
		java.time.Clock stepsBackDuringTheWait = reading(() -> {
			if (reads.incrementAndGet() == 4098) {
				clock.advance(Duration.ofMillis(-10));
			}
			return clock.millis();
		});
		LongIdAlgorithm snowflake = snowflake(
				AlgorithmOptions.builder().clock(stepsBackDuringTheWait).snowflakeMaxWait(Duration.ofMillis(300)));
		long last = -1;
		for (int i = 0; i < 4096; i++) {
			last = snowflake.nextLong();
		}
		assertThat(snowflake.instantOf(last)).isEqualTo(INSTANT);
		long started = System.nanoTime();
		long borrowed = snowflake.nextLong();
		assertThat(reads.get()).as("the clock stepped back during the wait").isGreaterThanOrEqualTo(4098);
		assertThat(borrowed).isGreaterThan(last);
		assertThat(snowflake.instantOf(borrowed)).isEqualTo(INSTANT.plusMillis(1));
		// it borrowed at once: far less than max-wait (a failure would take the whole 300 ms and throw)
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(250));
		for (int i = 0; i < 4096; i++) {
			long value = snowflake.nextLong();
			assertThat(value).isGreaterThan(borrowed);
			borrowed = value;
		}
	}

	@Test
	void theClockOutsideTheRangeIsAClearError() {
		LongIdAlgorithm snowflake = snowflake(
				AlgorithmOptions.builder().clock(new SettableClock(Instant.parse("2000-01-01T00:00:00Z"))));
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(snowflake::nextLong)
			.withMessageContaining("The clock reads 2000-01-01T00:00:00Z, outside the range [2010-11-04T01:42:54.657Z, ");
	}

	/** A clock whose every read is the given function's, so a test decides what each read returns. */
	private static java.time.Clock reading(java.util.function.LongSupplier millis) {
		return new java.time.Clock() {
			@Override
			public long millis() {
				return millis.getAsLong();
			}

			@Override
			public Instant instant() {
				return Instant.ofEpochMilli(millis());
			}

			@Override
			public java.time.ZoneId getZone() {
				return java.time.ZoneOffset.UTC;
			}

			@Override
			public java.time.Clock withZone(java.time.ZoneId zone) {
				throw new UnsupportedOperationException();
			}
		};
	}

}
