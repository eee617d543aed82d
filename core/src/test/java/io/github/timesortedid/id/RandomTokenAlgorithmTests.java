package io.github.timesortedid.id;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RandomTokenAlgorithmTests {

	@ParameterizedTest
	@ValueSource(ints = { 128, 160, 192, 255, 256 })
	void tokensAreFixedWidthBase62OfTheConfiguredBits(int bits) {
		IdAlgorithm random = IdAlgorithms.create(IdAlgorithms.RANDOM, AlgorithmOptions.builder().randomBits(bits).build());
		int width = (int) Math.ceil(bits / (Math.log(62) / Math.log(2)));
		assertThat(random.bodyLength()).isEqualTo(width);
		BigInteger limit = BigInteger.ONE.shiftLeft(bits);
		BigInteger union = BigInteger.ZERO;
		Set<String> seen = new HashSet<>();
		for (int i = 0; i < 2000; i++) {
			String token = random.nextBody();
			assertThat(token).hasSize(width).matches("[0-9A-Za-z]+");
			BigInteger value = decode(token);
			assertThat(value).isLessThan(limit);
			union = union.or(value);
			assertThat(seen.add(token)).isTrue();
			random.validateBody(token);
		}
		// across 2000 tokens every one of the configured bits has been set at least once
		assertThat(union).isEqualTo(limit.subtract(BigInteger.ONE));
	}

	@Test
	void tokensNeverDrawFromASourceThatIsNotSecure() {
		// random-source: fast, or a RandomSource bean that is not secure: tokens are secrets all the same
		AtomicLong draws = new AtomicLong();
		RandomSource fast = () -> {
			draws.incrementAndGet();
			return 0;
		};
		IdAlgorithm random = IdAlgorithms.create(IdAlgorithms.RANDOM, AlgorithmOptions.builder().randomSource(fast).build());
		Set<String> tokens = new HashSet<>();
		for (int i = 0; i < 100; i++) {
			tokens.add(random.nextBody());
		}
		assertThat(draws).hasValue(0);
		assertThat(tokens).hasSize(100);
		// the time-ordered algorithms do take the configured source
		IdAlgorithms.create(IdAlgorithms.ULID, AlgorithmOptions.builder().randomSource(fast).build()).nextBody();
		assertThat(draws.get()).isPositive();
	}

	@Test
	void rejectsTokensAboveTheConfiguredBits() {
		IdAlgorithm random = IdAlgorithms.create(IdAlgorithms.RANDOM, AlgorithmOptions.defaults());
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> random.validateBody("zzzzzzzzzzzzzzzzzzzzzz"))
			.withMessageContaining("a random token of 128 bits exceeds 128 bits");
	}

	@Test
	void drawsFromASecureSourceEvenWhenTheFastOneIsConfigured() {
		IdAlgorithm random = IdAlgorithms.create(IdAlgorithms.RANDOM,
				AlgorithmOptions.builder().randomSource(new ConstantRandomSource(42)).build());
		assertThat(random.nextBody()).isNotEqualTo(random.nextBody());
	}

	private static BigInteger decode(String token) {
		String alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
		BigInteger value = BigInteger.ZERO;
		for (char c : token.toCharArray()) {
			value = value.multiply(BigInteger.valueOf(62)).add(BigInteger.valueOf(alphabet.indexOf(c)));
		}
		return value;
	}

}
