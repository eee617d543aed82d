package io.github.timesortedid.id;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RandomSourceTests {

	@Test
	void secureIsTheDefaultAndFastIsNotSecure() {
		assertThat(AlgorithmOptions.defaults().randomSource()).isSameAs(RandomSource.secure());
		assertThat(RandomSource.secure().isSecure()).isTrue();
		assertThat(RandomSource.secure().toString()).startsWith("secure (AES-256-CTR DRBG seeded from");
		assertThat(RandomSource.fast().isSecure()).isFalse();
	}

	/**
	 * Threads take their bytes from shared stripes; no two threads, and no two calls, may be handed
	 * the same bytes. Among 800,000 random longs a repeat has a chance of about 2e-8.
	 */
	@Test
	void noLongIsHandedOutTwiceAcrossThreads() throws Exception {
		Set<Long> seen = new HashSet<>();
		for (long[] values : Concurrently.run(16, (thread) -> () -> {
			long[] drawn = new long[50_000];
			for (int i = 0; i < drawn.length; i++) {
				drawn[i] = RandomSource.secure().nextLong();
			}
			return drawn;
		})) {
			for (long value : values) {
				assertThat(seen.add(value)).as("repeated %x", value).isTrue();
			}
		}
		assertThat(seen).hasSize(16 * 50_000);
	}

	@Test
	void everyBitIsBalancedAcrossThreads() throws Exception {
		for (RandomSource source : List.of(RandomSource.secure(), RandomSource.fast())) {
			long[] ones = new long[64];
			for (long[] partial : Concurrently.run(8, (thread) -> () -> {
				long[] counts = new long[64];
				for (int i = 0; i < 25_000; i++) {
					long value = source.nextLong();
					for (int bit = 0; bit < 64; bit++) {
						counts[bit] += (value >>> bit) & 1;
					}
				}
				return counts;
			})) {
				for (int bit = 0; bit < 64; bit++) {
					ones[bit] += partial[bit];
				}
			}
			// 200,000 draws: each bit is set 100,000 +- 224 (1 sigma) times; 2,000 is ~9 sigma
			for (int bit = 0; bit < 64; bit++) {
				assertThat(ones[bit]).as(source + " bit " + bit).isBetween(98_000L, 102_000L);
			}
		}
	}

}
