package io.github.timesortedid.id;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.uuid.codec.StandardStringCodec;
import com.github.f4b6a3.uuid.codec.base.Base16Codec;
import com.github.f4b6a3.uuid.codec.base.Base62Codec;
import io.github.timesortedid.testsupport.SettableClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.jspecify.annotations.Nullable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one-pass read of an ID on its way to a {@code uuid} column ({@link BinaryIdFormat#toUuid},
 * {@link OnePassDecoder}) against the checked parse it short-cuts ({@link IdFormat#body} and
 * {@link BinaryBody#write}) and against independent decoders (ulid-creator for Crockford base32,
 * uuid-creator for base62, hex and the canonical form, {@link BigInteger} for base36): on valid IDs,
 * on text of the right shape that is no ID (a first base32 digit above 7, a base36 or base62
 * number beyond 128 bits, a UUIDv7 with another version or variant) and on mutated IDs (characters
 * replaced, inserted, dropped, case flipped, non-ASCII digits that {@code Character.digit} would
 * read). Both give the same value, or both refuse with the same {@link InvalidIdException}.
 */
class OnePassDecoderProperties {

	private static final List<String> SIXTEEN_BYTE_FORMS = List.of("uuidv7/base32", "uuidv7/base36", "uuidv7/base62",
			"uuidv7/hex", "uuidv7/canonical", "ulid", "hex-ulid", "couchdb-random", "couchdb-sequential",
			"couchdb-utc-random");

	/** Characters that are digits to the JDK but no ASCII, and ASCII that no alphabet here has. */
	private static final String STRANGERS = "\u0660\u0669\u06f5\uff10\uff19\uff41\uff3a\u0131\u017f\u212a-_ ~\u0000\u007f\u00ff";

	@Provide
	Arbitrary<BinaryIdFormat> formats() {
		// '?' is a separator that String.getBytes(ISO_8859_1) also makes of a character beyond Latin-1
		return Combinators.combine(Arbitraries.of(SIXTEEN_BYTE_FORMS), Arbitraries.of("_", ":", "?", "~~"))
			.as(OnePassDecoderProperties::format);
	}

	private static BinaryIdFormat format(String label) {
		return format(label, label.endsWith("canonical") ? ":" : "_");
	}

	private static BinaryIdFormat format(String label, String separator) {
		AlgorithmConfig config = AlgorithmConfig.all().stream().filter(c -> c.label.equals(label)).findFirst().orElseThrow();
		return IdFormat.of("post", separator, config.create(new SettableClock(Instant.parse("2026-11-24T00:00:00Z"))))
			.binary();
	}

	@Property(tries = 3000)
	void agreesWithTheCheckedParseOnAnyText(@ForAll("formats") BinaryIdFormat binary, @ForAll("seeds") long seed,
			@ForAll("edits") Edit edit) {
		String id = edit.apply(binary, binary.format().next(), seed);
		Outcome fast = outcome(() -> binary.toUuid(id));
		Outcome checked = outcome(() -> checked(binary, id));
		Statistics.label("outcome").collect(fast.value() != null ? "valid" : "refused");
		Statistics.label("outcome").coverage(check -> {
			check.check("valid").percentage(p -> p >= 10);
			check.check("refused").percentage(p -> p >= 30);
		});
		assertThat(fast).as(binary + " " + id).isEqualTo(checked);
		assertThat(outcome(() -> uuidOf(binary.toBytes(id)))).as(binary + " " + id).isEqualTo(checked);
		// the fast path alone says valid exactly when the checked parse does
		UUID read = readOnly(binary, id);
		assertThat(read).as(binary + " " + id).isEqualTo(checked.value());
	}

	@Property(tries = 3000)
	void agreesWithTheCheckedParseOnEveryLatin1CharacterAnywhere(@ForAll("formats") BinaryIdFormat binary,
			@ForAll @IntRange(min = 0, max = 40) int position, @ForAll @CharRange(from = '\u0000', to = '\u02ff') char c) {
		String valid = binary.format().next();
		int at = position % valid.length();
		String id = valid.substring(0, at) + c + valid.substring(at + 1);
		Outcome checked = outcome(() -> checked(binary, id));
		assertThat(outcome(() -> binary.toUuid(id))).as(binary + " " + id).isEqualTo(checked);
		assertThat(readOnly(binary, id)).as(binary + " " + id).isEqualTo(checked.value());
	}

	@Property(tries = 2000)
	void agreesWithIndependentDecoders(@ForAll("formats") BinaryIdFormat binary, @ForAll long high, @ForAll long low) {
		Codec128 codec = codec(binary);
		if (codec == null) {
			return; // hex CouchDB bodies: the hex codec's own case below covers the same decoder
		}
		byte[] text = new byte[codec.format().length()];
		codec.encode(high, low, text, 0);
		String body = new String(text, java.nio.charset.StandardCharsets.US_ASCII);
		UUID expected = switch (codec) {
			case CROCKFORD_LOWER, CROCKFORD_UPPER -> Ulid.from(body.toUpperCase()).toUuid();
			case BASE62 -> new Base62Codec().decode(body);
			case HEX_LOWER, HEX_UPPER -> new Base16Codec().decode(body.toLowerCase());
			case CANONICAL -> new StandardStringCodec().decode(body);
			case BASE36 -> uuid(new BigInteger(body, 36));
		};
		assertThat(OnePassDecoder.read(codec, codec.format().alphabet(), text, 0)).as(codec + " " + body)
			.isEqualTo(expected)
			.isEqualTo(new UUID(high, low));
	}

	@Property(tries = 500)
	void numbersBeyond128BitsAreRefused(@ForAll("wide") String label, @ForAll("beyond") BigInteger excess) {
		Codec128 codec = codec(format(label));
		int radix = codec.format().alphabet().radix();
		// from 2^128 up to the largest number the digits spell (32^26 = 2^130, 36^25 ~ 2^129, 62^22 ~ 2^131)
		BigInteger above = BigInteger.valueOf(radix).pow(codec.format().length()).subtract(BigInteger.ONE.shiftLeft(128));
		BigInteger value = BigInteger.ONE.shiftLeft(128).add(excess.mod(above));
		StringBuilder body = new StringBuilder();
		for (BigInteger rest = value; body.length() < codec.format().length(); rest = rest.divide(BigInteger.valueOf(radix))) {
			body.insert(0, (char) codec.format().alphabet().encode(rest.mod(BigInteger.valueOf(radix)).intValue()));
		}
		assertThat(OnePassDecoder.read(codec, codec.format().alphabet(),
				body.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), 0)).as(codec + " " + body).isNull();
	}

	@Provide
	Arbitrary<String> wide() {
		return Arbitraries.of("uuidv7/base32", "uuidv7/base36", "uuidv7/base62");
	}

	@Provide
	Arbitrary<BigInteger> beyond() {
		return Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.ONE.shiftLeft(131));
	}

	@Provide
	Arbitrary<Long> seeds() {
		return Arbitraries.longs();
	}

	/** A way to spoil (or keep) an ID. */
	record Edit(int kind, int position, char character) {

		String apply(BinaryIdFormat binary, String id, long seed) {
			int at = Math.floorMod(this.position, id.length());
			String body = binary.format().body(id);
			int head = id.length() - body.length();
			return switch (this.kind) {
				case 0 -> id; // valid
				case 1 -> id.substring(0, at) + this.character + id.substring(at + 1);
				case 2 -> id.substring(0, at) + this.character + id.substring(at);
				case 3 -> id.substring(0, at) + id.substring(at + 1);
				case 4 -> swapCase(id);
				// any digits of the alphabet: an ID's shape, mostly no UUIDv7 (version, variant) or beyond 128 bits
				case 5 -> id.substring(0, head) + randomDigits(binary, body, seed);
				default -> id.substring(0, head) + body.substring(0, body.length() - 1) + this.character;
			};
		}

		private static String swapCase(String id) {
			StringBuilder swapped = new StringBuilder(id.length());
			for (char c : id.toCharArray()) {
				swapped.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
			}
			return swapped.toString();
		}

		private static String randomDigits(BinaryIdFormat binary, String body, long seed) {
			java.util.Random random = new java.util.Random(seed);
			StringBuilder digits = new StringBuilder(body);
			for (int i = 0; i < digits.length(); i++) {
				char c = digits.charAt(i);
				if (binary.format().algorithm().isBodyCharacter(c) && c != '-') {
					String alphabet = alphabetOf(binary);
					digits.setCharAt(i, alphabet.charAt(random.nextInt(alphabet.length())));
				}
			}
			return digits.toString();
		}

	}

	@Provide
	Arbitrary<Edit> edits() {
		Arbitrary<Character> characters = Arbitraries.oneOf(Arbitraries.of(STRANGERS.toCharArray()).map(c -> (Character) c),
				Arbitraries.chars().ascii(), Arbitraries.chars().all());
		return Combinators.combine(Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.just(0)), Tuple.of(3, Arbitraries.just(1)),
				Tuple.of(1, Arbitraries.just(2)), Tuple.of(1, Arbitraries.just(3)), Tuple.of(1, Arbitraries.just(4)),
				Tuple.of(3, Arbitraries.just(5)), Tuple.of(2, Arbitraries.just(6))), Arbitraries.integers().between(0, 60),
				characters)
			.as(Edit::new);
	}

	/** The value of an ID or the message of its refusal. */
	record Outcome(@Nullable UUID value, @Nullable String refusal) {
	}

	private static Outcome outcome(java.util.function.Supplier<UUID> read) {
		try {
			return new Outcome(read.get(), null);
		}
		catch (InvalidIdException ex) {
			return new Outcome(null, ex.getMessage());
		}
	}

	/** The parse as it was before the one-pass read: the whole ID checked, then its body decoded again. */
	private static UUID checked(BinaryIdFormat binary, String id) {
		byte[] value = new byte[16];
		binary.format().algorithm().binaryBody().write(binary.format().body(id), value, 0);
		return uuidOf(value);
	}

	/** The one-pass read alone, where the ID has the format's length and head. */
	private static @Nullable UUID readOnly(BinaryIdFormat binary, String id) {
		int head = binary.format().length() - binary.format().algorithm().bodyLength();
		if (id.length() != binary.format().length() || !id.startsWith(binary.format().prefix())
				|| !id.substring(binary.format().prefix().length(), head).equals(binary.format().separator())) {
			return null;
		}
		return binary.format().algorithm().binaryBody().readUuid(id.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), head);
	}

	private static @Nullable Codec128 codec(BinaryIdFormat binary) {
		IdAlgorithm algorithm = binary.format().algorithm();
		if (!(algorithm instanceof Value128Algorithm)) {
			return null;
		}
		String details = algorithm.toString();
		if (algorithm.name().equals("ulid")) {
			return Codec128.CROCKFORD_UPPER;
		}
		if (algorithm.name().equals("hex-ulid")) {
			return Codec128.HEX_UPPER;
		}
		for (Codec128 codec : new Codec128[] { Codec128.CROCKFORD_LOWER, Codec128.BASE36, Codec128.BASE62,
				Codec128.HEX_LOWER, Codec128.CANONICAL }) {
			if (details.contains("(" + codec.label() + ")")) {
				return codec;
			}
		}
		throw new IllegalStateException(details);
	}

	private static String alphabetOf(BinaryIdFormat binary) {
		Codec128 codec = codec(binary);
		return (codec != null) ? codec.format().alphabet().describe() : "0123456789abcdef";
	}

	private static UUID uuidOf(byte[] value) {
		return new UUID(Bytes.getLong(value, 0), Bytes.getLong(value, 8));
	}

	private static UUID uuid(BigInteger value) {
		return new UUID(value.shiftRight(64).longValue(), value.longValue());
	}

}
