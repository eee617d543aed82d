package io.github.timesortedid.id;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.github.timesortedid.testsupport.SettableClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Over random instants across each algorithm's whole representable range: string order of bodies
 * is time order, bounds bracket exactly one tick, generated bodies decode to their instant, and an
 * instant outside the range is a clear error rather than a wrap.
 */
class TimeOrderProperties {

	@Provide
	Arbitrary<AlgorithmConfig> configs() {
		return Arbitraries.of(AlgorithmConfig.timeOrdered());
	}

	private static TimeOrderedIdAlgorithm algorithm(AlgorithmConfig config, SettableClock clock) {
		return (TimeOrderedIdAlgorithm) config.create(clock);
	}

	/** Maps any long onto an instant within the algorithm's range, keeping the ends reachable. */
	static Instant within(TimeOrderedIdAlgorithm algorithm, long seed) {
		ChronoUnit unit = algorithm.precision();
		long unitNanos = unit.getDuration().toNanos();
		Instant min = algorithm.minInstant();
		Instant max = algorithm.maxInstant();
		// ChronoUnit.between overflows for microseconds over 292 years, so count seconds and nanos apart
		long span = (max.getEpochSecond() - min.getEpochSecond()) * (1_000_000_000L / unitNanos)
				+ (max.getNano() - min.getNano()) / unitNanos;
		long offset = Math.floorMod(seed, span + 1);
		return min.plus(offset, unit).plusNanos(Math.floorMod(seed, unitNanos));
	}

	@Property(tries = 3000)
	void stringOrderOfBoundsIsTimeOrder(@ForAll("configs") AlgorithmConfig config, @ForAll long a, @ForAll long b) {
		TimeOrderedIdAlgorithm algorithm = algorithm(config, new SettableClock(Instant.EPOCH));
		Instant first = within(algorithm, a);
		Instant second = within(algorithm, b);
		int timeOrder = first.truncatedTo(algorithm.precision()).compareTo(second.truncatedTo(algorithm.precision()));
		int bodyOrder = algorithm.lowestBody(first).compareTo(algorithm.lowestBody(second));
		assertThat(Integer.signum(bodyOrder)).isEqualTo(algorithm.isDescending() ? -Integer.signum(timeOrder)
				: Integer.signum(timeOrder));
	}

	@Property(tries = 3000)
	void boundsBracketExactlyOneTick(@ForAll("configs") AlgorithmConfig config, @ForAll long seed) {
		TimeOrderedIdAlgorithm algorithm = algorithm(config, new SettableClock(Instant.EPOCH));
		Instant instant = within(algorithm, seed);
		Instant tick = instant.truncatedTo(algorithm.precision());
		String lowest = algorithm.lowestBody(instant);
		String highest = algorithm.highestBody(instant);
		assertThat(lowest).hasSize(algorithm.bodyLength()).isLessThanOrEqualTo(highest);
		assertThat(algorithm.instantOf(lowest)).isEqualTo(tick);
		assertThat(algorithm.instantOf(highest)).isEqualTo(tick);
		Instant nextTick = tick.plus(1, algorithm.precision());
		if (!nextTick.isAfter(algorithm.maxInstant())) {
			if (algorithm.isDescending()) {
				assertThat(algorithm.highestBody(nextTick)).isLessThan(lowest);
			}
			else {
				assertThat(algorithm.lowestBody(nextTick)).isGreaterThan(highest);
			}
		}
	}

	@Property(tries = 2000)
	void generatedBodiesDecodeToTheClockAndLieWithinTheBounds(@ForAll("configs") AlgorithmConfig config,
			@ForAll long seed) {
		TimeOrderedIdAlgorithm probe = algorithm(config, new SettableClock(Instant.EPOCH));
		Instant instant = within(probe, seed);
		TimeOrderedIdAlgorithm algorithm = algorithm(config, new SettableClock(instant));
		String body = algorithm.nextBody();
		assertThat(algorithm.instantOf(body)).isEqualTo(instant.truncatedTo(algorithm.precision()));
		assertThat(body).isBetween(algorithm.lowestBody(instant), algorithm.highestBody(instant));
	}

	@Property(tries = 1000)
	void instantsOutsideTheRangeAreAClearError(@ForAll("configs") AlgorithmConfig config, @ForAll boolean before,
			@ForAll long distance) {
		TimeOrderedIdAlgorithm probe = algorithm(config, new SettableClock(Instant.EPOCH));
		long seconds = 1 + Math.floorMod(distance, 1_000_000_000L);
		Instant outside = before ? probe.minInstant().minusSeconds(seconds) : probe.maxInstant().plusSeconds(seconds);
		assertThatIllegalArgumentException().isThrownBy(() -> probe.lowestBody(outside))
			.withMessageContaining("is outside the range");
		assertThatIllegalArgumentException().isThrownBy(() -> probe.highestBody(outside))
			.withMessageContaining("is outside the range");
		assertThatExceptionOfType(IdGenerationException.class)
			.isThrownBy(() -> algorithm(config, new SettableClock(outside)).nextBody())
			.withMessageContaining("The clock reads " + outside);
	}

}
