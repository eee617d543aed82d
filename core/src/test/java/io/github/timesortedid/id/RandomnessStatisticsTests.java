package io.github.timesortedid.id;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

/**
 * Statistical checks that would notice a broken CSPRNG behind the {@code random} tokens: every bit
 * position of the decoded tokens is balanced, and the bytes of the secure source are uniform by a
 * chi-square test. The checks are also run on deliberately broken sources, which they must reject,
 * so that a check which passes everything cannot go unnoticed.
 */
final class RandomnessStatisticsTests {

	private static final int TOKENS = 50_000;

	private static final int CHI_SQUARE_BYTES = 1 << 20;

	/**
	 * The chance that a good source fails one check, so that the suite does not flake: for the bit
	 * check it is shared out over the positions (about 5.9 sigma each for 256 bits), which still
	 * leaves a bit biased by 2.5% more than 5 sigma beyond the limit with 50,000 tokens.
	 */
	private static final double TAIL = 1e-6;

	private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

	@ParameterizedTest
	@ValueSource(ints = { 128, 256 })
	void everyBitOfSecureTokensIsSetAboutHalfTheTime(int bits) {
		IdAlgorithm random = IdAlgorithms.create(IdAlgorithms.RANDOM, AlgorithmOptions.builder().randomBits(bits).build());
		assertThat(unbalancedBits(tokenValues(random, TOKENS), bits)).isEmpty();
	}

	@Test
	void bytesOfTheSecureSourceAreUniformByChiSquare() {
		assertThat(chiSquareOfBytes(RandomSource.secure(), CHI_SQUARE_BYTES)).isBetween(chiSquareQuantile(255, TAIL),
				chiSquareQuantile(255, 1 - TAIL));
	}

	@ParameterizedTest
	@ValueSource(ints = { 128, 256 })
	void theBitCheckRejectsBrokenSourcesFedThroughTheTokenEncoding(int bits) {
		for (RandomSource broken : brokenSources()) {
			// the real encoding, which IdAlgorithms.create would not let a non-secure source reach
			IdAlgorithm tokens = new RandomTokenAlgorithm(bits, claimingToBeSecure(broken));
			assertThat(unbalancedBits(tokenValues(tokens, TOKENS), bits)).as(broken.toString()).isNotEmpty();
		}
	}

	@Test
	void theChiSquareCheckRejectsBrokenSources() {
		double lower = chiSquareQuantile(255, TAIL);
		double upper = chiSquareQuantile(255, 1 - TAIL);
		for (RandomSource broken : brokenSources()) {
			double statistic = chiSquareOfBytes(broken, CHI_SQUARE_BYTES);
			assertThat(statistic < lower || statistic > upper).as(broken + ": chi-square " + statistic).isTrue();
		}
	}

	/** The other side: a decent (fixed-seed, so repeatable) PRNG passes, so the checks do not reject everything. */
	@Test
	void bothChecksAcceptAGoodNonCryptographicGenerator() {
		RandomSource splittable = seeded(20_260_101);
		assertThat(unbalancedBits(tokenValues(new RandomTokenAlgorithm(128, claimingToBeSecure(splittable)), TOKENS), 128))
			.isEmpty();
		assertThat(chiSquareOfBytes(seeded(42), CHI_SQUARE_BYTES)).isBetween(chiSquareQuantile(255, TAIL),
				chiSquareQuantile(255, 1 - TAIL));
	}

	/**
	 * The Wilson–Hilferty bounds against the exact tail: for an even number of degrees of freedom
	 * the chi-square tail is a finite Poisson sum, so the approximation can be checked where it is
	 * used, near 256 degrees of freedom and one in a million.
	 */
	@Test
	void wilsonHilfertyBoundsCutOffAboutOneInAMillion() {
		assertThat(standardNormalQuantile(0.5)).isCloseTo(0.0, offset(1e-9));
		assertThat(standardNormalQuantile(0.975)).isCloseTo(1.959964, offset(1e-5));
		double upperTail = chiSquareUpperTailEvenDegrees(256, chiSquareQuantile(256, 1 - TAIL));
		double lowerTail = 1 - chiSquareUpperTailEvenDegrees(256, chiSquareQuantile(256, TAIL));
		assertThat(upperTail).isBetween(TAIL * 0.8, TAIL * 1.25);
		assertThat(lowerTail).isBetween(TAIL * 0.8, TAIL * 1.25);
	}

	private static List<RandomSource> brokenSources() {
		RandomSource secure = RandomSource.secure();
		AtomicLong counter = new AtomicLong();
		return List.of(named("counter", counter::getAndIncrement),
				named("bit 17 stuck at one", () -> secure.nextLong() | 1L << 17),
				named("5% of bytes forced to zero", zeroBiased(new SplittableRandom(7))));
	}

	private static RandomSource zeroBiased(SplittableRandom random) {
		return () -> {
			long value = random.nextLong();
			for (int i = 0; i < Long.BYTES; i++) {
				if (random.nextInt(20) == 0) {
					value &= ~(0xFFL << (8 * i));
				}
			}
			return value;
		};
	}

	private static RandomSource seeded(long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		return named("SplittableRandom(" + seed + ")", random::nextLong);
	}

	/** Bit positions (0 = least significant) whose count of ones is too far from half. */
	static List<Integer> unbalancedBits(List<BigInteger> values, int bits) {
		double sigma = Math.sqrt(values.size()) / 2;
		double limit = standardNormalQuantile(1 - TAIL / (2.0 * bits)) * sigma;
		List<Integer> unbalanced = new ArrayList<>();
		for (int bit = 0; bit < bits; bit++) {
			int ones = 0;
			for (BigInteger value : values) {
				if (value.testBit(bit)) {
					ones++;
				}
			}
			if (Math.abs(ones - values.size() / 2.0) > limit) {
				unbalanced.add(bit);
			}
		}
		for (BigInteger value : values) {
			// a bit above the configured width would be a constant zero the loop above never looks at
			assertThat(value.bitLength()).isLessThanOrEqualTo(bits);
		}
		return unbalanced;
	}

	static List<BigInteger> tokenValues(IdAlgorithm tokens, int count) {
		List<BigInteger> values = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			values.add(decodeBase62(tokens.nextBody()));
		}
		return values;
	}

	private static BigInteger decodeBase62(String token) {
		BigInteger value = BigInteger.ZERO;
		for (int i = 0; i < token.length(); i++) {
			int digit = BASE62.indexOf(token.charAt(i));
			assertThat(digit).as(token).isNotNegative();
			value = value.multiply(BigInteger.valueOf(62)).add(BigInteger.valueOf(digit));
		}
		return value;
	}

	/** Pearson's statistic over the 256 byte values, the bytes of each long taken little-endian. */
	static double chiSquareOfBytes(RandomSource source, int bytes) {
		long[] counts = new long[256];
		for (int i = 0; i < bytes / Long.BYTES; i++) {
			long value = source.nextLong();
			for (int b = 0; b < Long.BYTES; b++) {
				counts[(int) (value >>> (8 * b)) & 0xFF]++;
			}
		}
		double expected = bytes / 256.0;
		double statistic = 0;
		for (long count : counts) {
			statistic += (count - expected) * (count - expected) / expected;
		}
		return statistic;
	}

	/**
	 * Wilson–Hilferty: (X/k)^(1/3) of a chi-square X with k degrees of freedom is close to normal with
	 * mean 1 - 2/(9k) and variance 2/(9k), so the p-quantile of X is k (1 - 2/(9k) + z_p sqrt(2/(9k)))^3,
	 * z_p being the standard normal p-quantile. Accurate to well under a percent for k in the hundreds.
	 */
	static double chiSquareQuantile(int degrees, double p) {
		double v = 2.0 / (9.0 * degrees);
		return degrees * Math.pow(1 - v + standardNormalQuantile(p) * Math.sqrt(v), 3);
	}

	/** Bisection on the normal distribution function, so no published coefficients are needed. */
	static double standardNormalQuantile(double p) {
		double low = -40;
		double high = 40;
		for (int i = 0; i < 200; i++) {
			double middle = (low + high) / 2;
			if (standardNormalCdf(middle) < p) {
				low = middle;
			}
			else {
				high = middle;
			}
		}
		return (low + high) / 2;
	}

	/**
	 * Integrates the density by Simpson's rule over [|z|, |z| + 12] (beyond which the tail is below
	 * 1e-30) for the upper tail, so tiny tail probabilities keep their relative precision.
	 */
	private static double standardNormalCdf(double z) {
		double from = Math.abs(z);
		double to = from + 12;
		int intervals = 4000;
		double h = (to - from) / intervals;
		double sum = density(from) + density(to);
		for (int i = 1; i < intervals; i++) {
			sum += density(from + i * h) * ((i % 2 == 1) ? 4 : 2);
		}
		double upperTail = sum * h / 3;
		return (z >= 0) ? 1 - upperTail : upperTail;
	}

	private static double density(double x) {
		return Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI);
	}

	/** P(X > x) = e^(-x/2) sum_{i < k/2} (x/2)^i / i! for even k, summed in logs to avoid overflow. */
	private static double chiSquareUpperTailEvenDegrees(int degrees, double x) {
		double half = x / 2;
		double sum = 0;
		double logTerm = -half;
		for (int i = 0; i < degrees / 2; i++) {
			if (i > 0) {
				logTerm += Math.log(half) - Math.log(i);
			}
			sum += Math.exp(logTerm);
		}
		return sum;
	}

	private static RandomSource claimingToBeSecure(RandomSource source) {
		return new RandomSource() {

			@Override
			public long nextLong() {
				return source.nextLong();
			}

			@Override
			public boolean isSecure() {
				return true;
			}

			@Override
			public String toString() {
				return source.toString();
			}

		};
	}

	private static RandomSource named(String name, RandomSource source) {
		return new RandomSource() {

			@Override
			public long nextLong() {
				return source.nextLong();
			}

			@Override
			public String toString() {
				return name;
			}

		};
	}

}
