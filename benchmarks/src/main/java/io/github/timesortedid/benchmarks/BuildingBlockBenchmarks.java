package io.github.timesortedid.benchmarks;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import io.github.timesortedid.id.RandomSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** What one ID costs at least: a clock read and some random bits. For profiling, not in the summary. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class BuildingBlockBenchmarks {

	private final Clock clock = Clock.systemUTC();

	private final RandomSource secure = RandomSource.secure();

	private final RandomSource fast = RandomSource.fast();

	private final SecureRandom drbg;

	public BuildingBlockBenchmarks() {
		try {
			this.drbg = SecureRandom.getInstance("DRBG");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Benchmark
	public long clockMillis() {
		return this.clock.millis();
	}

	@Benchmark
	public Instant clockInstant() {
		return this.clock.instant();
	}

	@Benchmark
	public long randomSecureNextLong() {
		return this.secure.nextLong();
	}

	@Benchmark
	public long randomFastNextLong() {
		return this.fast.nextLong();
	}

	@Benchmark
	public long drbgNextLong() {
		return this.drbg.nextLong();
	}

}
