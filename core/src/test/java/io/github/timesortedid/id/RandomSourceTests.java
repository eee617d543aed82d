package io.github.timesortedid.id;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
		ExecutorService pool = Executors.newFixedThreadPool(16);
		try {
			List<Future<long[]>> futures = new ArrayList<>();
			for (int t = 0; t < 16; t++) {
				futures.add(pool.submit((Callable<long[]>) () -> {
					long[] values = new long[50_000];
					for (int i = 0; i < values.length; i++) {
						values[i] = RandomSource.secure().nextLong();
					}
					return values;
				}));
			}
			Set<Long> seen = new HashSet<>();
			for (Future<long[]> future : futures) {
				for (long value : future.get()) {
					assertThat(seen.add(value)).as("repeated %x", value).isTrue();
				}
			}
			assertThat(seen).hasSize(16 * 50_000);
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void everyBitIsBalancedAcrossThreads() throws Exception {
		for (RandomSource source : List.of(RandomSource.secure(), RandomSource.fast())) {
			ExecutorService pool = Executors.newFixedThreadPool(8);
			try {
				List<Future<long[]>> futures = new ArrayList<>();
				for (int t = 0; t < 8; t++) {
					futures.add(pool.submit((Callable<long[]>) () -> {
						long[] ones = new long[64];
						for (int i = 0; i < 25_000; i++) {
							long value = source.nextLong();
							for (int bit = 0; bit < 64; bit++) {
								ones[bit] += (value >>> bit) & 1;
							}
						}
						return ones;
					}));
				}
				long[] ones = new long[64];
				for (Future<long[]> future : futures) {
					long[] partial = future.get();
					for (int bit = 0; bit < 64; bit++) {
						ones[bit] += partial[bit];
					}
				}
				// 200,000 draws: each bit is set 100,000 +- 224 (1 sigma) times; 2,000 is ~9 sigma
				for (int bit = 0; bit < 64; bit++) {
					assertThat(ones[bit]).as(source + " bit " + bit).isBetween(98_000L, 102_000L);
				}
			}
			finally {
				pool.shutdownNow();
			}
		}
	}

}
