package io.github.timesortedid.id;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * IDs minted for a given instant ({@code nextBodyAt}, {@code nextLongAt}, {@code nextUuidAt}), as
 * imports, back-fills and tests need them, for every time-ordered algorithm and encoding: each
 * carries the instant asked for, at the algorithm's precision; those of one instant never repeat and
 * follow the algorithm's order, over many calls and threads; an instant the layout cannot hold, one
 * ID more than an instant has room for, and an algorithm without time are refused, saying why.
 */
class MintAtInstantProperties {

	@Provide
	Arbitrary<AlgorithmConfig> configs() {
		return Arbitraries.of(AlgorithmConfig.timeOrdered());
	}

	private static TimeOrderedIdAlgorithm algorithm(AlgorithmConfig config) {
		return (TimeOrderedIdAlgorithm) config.create(Clock.systemUTC());
	}

	@Property(tries = 3000)
	void aMintedIdCarriesTheInstantAskedFor(@ForAll("configs") AlgorithmConfig config, @ForAll long seed) {
		TimeOrderedIdAlgorithm algorithm = algorithm(config);
		Instant instant = TimeOrderProperties.within(algorithm, seed);
		Instant tick = instant.truncatedTo(algorithm.precision());
		String body = algorithm.nextBodyAt(instant);
		algorithm.validateBody(body);
		assertThat(algorithm.instantOf(body)).isEqualTo(tick);
		assertThat(body).isBetween(algorithm.lowestBody(instant), algorithm.highestBody(instant));
		if (algorithm instanceof LongIdAlgorithm longs) {
			long value = longs.nextLongAt(instant);
			assertThat(longs.instantOf(value)).isEqualTo(tick);
			assertThat(value).isBetween(longs.lowestLong(instant), longs.highestLong(instant));
		}
		if (algorithm instanceof UuidIdAlgorithm uuids) {
			UUID value = uuids.nextUuidAt(instant);
			uuids.validate(value);
			assertThat(uuids.instantOf(value)).isEqualTo(tick);
			assertThat(uuids.encode(value)).isBetween(algorithm.lowestBody(instant), algorithm.highestBody(instant));
		}
	}

	@Property(tries = 300)
	void idsOfOneInstantNeverRepeatAndFollowTheAlgorithmsOrder(@ForAll("configs") AlgorithmConfig config,
			@ForAll long seed, @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 0, max = 3) Integer> picks) {
		TimeOrderedIdAlgorithm algorithm = algorithm(config);
		List<Instant> instants = List.of(TimeOrderProperties.within(algorithm, seed),
				TimeOrderProperties.within(algorithm, seed * 31 + 7), TimeOrderProperties.within(algorithm, seed ^ 0x5DEECE66DL),
				TimeOrderProperties.within(algorithm, seed).truncatedTo(algorithm.precision()));
		Map<Instant, List<String>> byTick = new LinkedHashMap<>();
		Set<String> all = new HashSet<>();
		for (int pick : picks) {
			Instant tick = instants.get(pick).truncatedTo(algorithm.precision());
			List<String> minted = byTick.computeIfAbsent(tick, key -> new ArrayList<>());
			if (config.name.equals(IdAlgorithms.COUCHDB_UTC_ID) && !minted.isEmpty()) {
				// one ID per microsecond and suffix: the next one has no room
				assertThatExceptionOfType(IdGenerationException.class).isThrownBy(() -> algorithm.nextBodyAt(tick))
					.withMessage("couchdb-utc-id holds one ID per microsecond and suffix, and one was minted for " + tick
							+ " already");
				continue;
			}
			String body = algorithm.nextBodyAt(instants.get(pick));
			assertThat(all.add(body)).as("%s repeats", body).isTrue();
			minted.add(body);
		}
		Comparator<String> order = algorithm.isDescending() ? Comparator.reverseOrder() : Comparator.naturalOrder();
		byTick.forEach((tick, minted) -> assertThat(minted).as("IDs of %s", tick).isSortedAccordingTo(order));
	}

	@Property(tries = 15)
	void idsOfOneInstantNeverRepeatAndFollowTheAlgorithmsOrderAcrossThreads(@ForAll("configs") AlgorithmConfig config,
			@ForAll long seed) throws Exception {
		TimeOrderedIdAlgorithm algorithm = algorithm(config);
		List<Instant> instants = List.of(TimeOrderProperties.within(algorithm, seed),
				TimeOrderProperties.within(algorithm, ~seed), TimeOrderProperties.within(algorithm, seed * 131));
		List<Map<Instant, List<String>>> threads = Concurrently.run(8, thread -> () -> {
			Map<Instant, List<String>> mine = new LinkedHashMap<>();
			for (int i = 0; i < 300; i++) {
				Instant instant = instants.get((i + thread) % instants.size());
				try {
					String body = algorithm.nextBodyAt(instant);
					mine.computeIfAbsent(instant.truncatedTo(algorithm.precision()), key -> new ArrayList<>()).add(body);
				}
				catch (IdGenerationException ex) {
					assertThat(config.name).as(ex.getMessage()).isEqualTo(IdAlgorithms.COUCHDB_UTC_ID);
				}
			}
			return mine;
		});
		Comparator<String> order = algorithm.isDescending() ? Comparator.reverseOrder() : Comparator.naturalOrder();
		Set<String> all = new HashSet<>();
		Map<Instant, Integer> perTick = new LinkedHashMap<>();
		for (Map<Instant, List<String>> thread : threads) {
			thread.forEach((tick, minted) -> {
				assertThat(minted).as("one thread's IDs of %s", tick).isSortedAccordingTo(order);
				minted.forEach(body -> assertThat(all.add(body)).as("%s repeats", body).isTrue());
				perTick.merge(tick, minted.size(), Integer::sum);
			});
		}
		if (config.name.equals(IdAlgorithms.COUCHDB_UTC_ID)) {
			assertThat(perTick).allSatisfy((tick, count) -> assertThat(count).as("IDs of %s", tick).isOne());
		}
		else {
			assertThat(all).hasSize(8 * 300);
		}
	}

	@Property(tries = 1000)
	void anInstantTheLayoutCannotHoldIsRefused(@ForAll("configs") AlgorithmConfig config, @ForAll boolean before,
			@ForAll long distance) {
		TimeOrderedIdAlgorithm algorithm = algorithm(config);
		long seconds = 1 + Math.floorMod(distance, 1_000_000_000L);
		Instant outside = before ? algorithm.minInstant().minusSeconds(seconds) : algorithm.maxInstant().plusSeconds(seconds);
		assertThatIllegalArgumentException().isThrownBy(() -> algorithm.nextBodyAt(outside))
			.withMessage("Instant " + outside + " is outside the range [" + algorithm.minInstant() + ", "
					+ algorithm.maxInstant() + "] of " + config.name + " IDs");
	}

	/**
	 * Snowflake tells the IDs of one millisecond and node apart by a 12-bit sequence alone: minted IDs
	 * take its upper half, so that they meet the IDs the node makes live in that millisecond (which
	 * start at 0) only past 2048 of them, and the 2049th minted for one millisecond is refused.
	 */
	@Example
	void snowflakeMintsInTheUpperHalfOfAMillisecondsSequenceAndRefusesWhenItIsSpent() {
		Instant instant = Instant.parse("2025-07-16T10:20:30.456Z");
		LongIdAlgorithm live = (LongIdAlgorithm) IdAlgorithms.create(IdAlgorithms.SNOWFLAKE,
				AlgorithmOptions.builder().snowflakeNodeId(7).clock(Clock.fixed(instant, java.time.ZoneOffset.UTC)).build());
		Set<Long> made = new HashSet<>();
		for (int i = 0; i < 2048; i++) {
			assertThat(made.add(live.nextLong())).isTrue();
		}
		for (int i = 0; i < 2048; i++) {
			long minted = live.nextLongAt(instant);
			assertThat(minted & 0xFFF).isEqualTo(2048 + i);
			assertThat(made.add(minted)).as("minted %s", minted).isTrue();
		}
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(() -> live.nextLongAt(instant))
			.withMessage("snowflake holds 2048 IDs minted per millisecond and node (the upper half of its 12-bit "
					+ "sequence; the lower half is for IDs made live), and all of " + instant + " were minted already");
		assertThat(live.nextLongAt(instant.plusMillis(1)) & 0xFFF).isEqualTo(2048);
	}

	@Example
	void anAlgorithmWithoutTimeIsRefused() {
		for (String name : List.of(IdAlgorithms.RANDOM, IdAlgorithms.COUCHDB_RANDOM, IdAlgorithms.COUCHDB_SEQUENTIAL)) {
			IdFormat format = IdFormat.of("tok", "_", IdAlgorithms.create(name, AlgorithmOptions.defaults()));
			assertThatExceptionOfType(UnsupportedOperationException.class)
				.isThrownBy(() -> format.nextAt(Instant.parse("2025-07-16T10:20:30Z")))
				.withMessage(name + " IDs carry no time, so they have no creation instant and no time range; use a "
						+ "time-ordered algorithm such as uuidv7 for that");
		}
	}

	@Example
	void aFormatMintsPrefixedIds() {
		IdFormat format = IdFormat.of("post", "_", IdAlgorithms.create(IdAlgorithms.UUIDV7, AlgorithmOptions.defaults()));
		Instant instant = Instant.parse("2025-07-16T10:20:30.456Z");
		String id = format.nextAt(instant);
		assertThat(id).startsWith("post_").isBetween(format.lowest(instant), format.highest(instant));
		assertThat(format.instantOf(id)).isEqualTo(instant);
	}

}
