package io.github.timesortedid.id;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import static org.assertj.core.api.Assertions.assertThat;

/** Every 128-bit text form agrees with {@link BigInteger} and round-trips. */
class CodecProperties {

	private static final String BASE32 = "0123456789abcdefghjkmnpqrstvwxyz";

	@Property(tries = 5000)
	void everyCodecAgreesWithBigIntegerAndRoundTrips(@ForAll long high, @ForAll long low) {
		BigInteger value = new BigInteger(1, java.nio.ByteBuffer.allocate(16).putLong(high).putLong(low).array());
		for (Codec128 codec : Codec128.values()) {
			byte[] text = new byte[codec.format().length()];
			codec.encode(high, low, text, 0);
			String body = new String(text, StandardCharsets.US_ASCII);
			assertThat(body).isEqualTo(expected(codec, value));
			assertThat(codec.decode(body, "a test body")).containsExactly(high, low);
		}
	}

	@Property(tries = 5000)
	void stringOrderIsUnsignedNumericOrder(@ForAll long high1, @ForAll long low1, @ForAll long high2,
			@ForAll long low2) {
		int numeric = Long.compareUnsigned(high1, high2) != 0 ? Long.compareUnsigned(high1, high2)
				: Long.compareUnsigned(low1, low2);
		for (Codec128 codec : Codec128.values()) {
			byte[] a = new byte[codec.format().length()];
			byte[] b = new byte[codec.format().length()];
			codec.encode(high1, low1, a, 0);
			codec.encode(high2, low2, b, 0);
			assertThat(Integer.signum(new String(a, StandardCharsets.US_ASCII).compareTo(new String(b, StandardCharsets.US_ASCII))))
				.isEqualTo(Integer.signum(numeric));
		}
	}

	private static String expected(Codec128 codec, BigInteger value) {
		switch (codec) {
			case CROCKFORD_LOWER:
				return digits(value, 32, BASE32, 26);
			case CROCKFORD_UPPER:
				return digits(value, 32, BASE32, 26).toUpperCase();
			case BASE36:
				return UuidV7AlgorithmTests.pad(value.toString(36), 25);
			case BASE62:
				return UuidV7AlgorithmTests.base62(value, 22);
			case HEX_LOWER:
				return UuidV7AlgorithmTests.pad(value.toString(16), 32);
			case HEX_UPPER:
				return UuidV7AlgorithmTests.pad(value.toString(16), 32).toUpperCase();
			default:
				String hex = UuidV7AlgorithmTests.pad(value.toString(16), 32);
				return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
						+ hex.substring(16, 20) + "-" + hex.substring(20);
		}
	}

	private static String digits(BigInteger value, int radix, String alphabet, int width) {
		StringBuilder out = new StringBuilder();
		for (int i = 0; i < width; i++) {
			out.append(alphabet.charAt(value.mod(BigInteger.valueOf(radix)).intValue()));
			value = value.divide(BigInteger.valueOf(radix));
		}
		return out.reverse().toString();
	}

}
