package io.github.timesortedid.id;

import java.time.Clock;
import java.util.List;
import java.util.regex.Pattern;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link IdFormat#pattern()} and {@link IdFormat#validate} agree, for every algorithm and encoding,
 * with and without a prefix, under separators that are regular expression syntax: every ID made
 * matches; an ID with a wrong prefix, a wrong length or a character outside the body alphabet is
 * refused by both; and no text the validator accepts fails to match. The pattern is searched for,
 * not matched whole, as JSON Schema's {@code pattern} is, so its anchors are tested too.
 */
class IdFormatPatternProperties {

	/** One generator per algorithm and encoding, made once: formats share them as an application's do. */
	private static final List<IdAlgorithm> ALGORITHMS = AlgorithmConfig.all()
		.stream()
		.map(config -> config.create(Clock.systemUTC()))
		.toList();

	/** Separators, most of them characters a regular expression must escape. */
	private static final List<String> SEPARATORS = List.of("_", "~", ":", ".", "$", "|", "+", "*", "?", "^", "(",
			")", "[", "]", "{", "}", "\\", "/", "-", "@", "::", "_.$");

	@Provide
	Arbitrary<IdFormat> formats() {
		Arbitrary<String> prefixes = Arbitraries.of("", "post", "a", "user_account", "x".repeat(63));
		return Combinators.combine(Arbitraries.of(ALGORITHMS), prefixes, Arbitraries.of(SEPARATORS))
			// a separator from the body alphabet (the canonical form's '-', the suffix's '@') is refused
			.filter((algorithm, prefix, separator) -> separator.chars().noneMatch(c -> algorithm.isBodyCharacter((char) c)))
			.as((algorithm, prefix, separator) -> IdFormat.of(prefix, separator, algorithm));
	}

	@Property(tries = 2000)
	void everyIdMadeMatches(@ForAll("formats") IdFormat format) {
		Pattern pattern = Pattern.compile(format.pattern());
		for (int i = 0; i < 20; i++) {
			String id = format.next();
			assertThat(pattern.matcher(id).find()).as("%s for %s", format.pattern(), id).isTrue();
		}
	}

	@Property
	void aWrongPrefixIsRefusedByBoth(@ForAll("formats") IdFormat format, @ForAll("positions") int position,
			@ForAll("prefixCharacters") char replacement) {
		Assume.that(!format.prefix().isEmpty());
		String id = format.next();
		String head = format.prefix() + format.separator();
		int at = position % head.length();
		Assume.that(head.charAt(at) != replacement);
		String wrong = id.substring(0, at) + replacement + id.substring(at + 1);
		assertRefusedByBoth(format, wrong);
	}

	@Property
	void aWrongLengthIsRefusedByBoth(@ForAll("formats") IdFormat format, @ForAll("positions") int position,
			@ForAll boolean longer, @ForAll("anyCharacter") char c) {
		String id = format.next();
		int bodyStart = id.length() - format.algorithm().bodyLength();
		int at = bodyStart + position % format.algorithm().bodyLength();
		// a character that may occur in the body, so that only the length is wrong
		char inserted = format.algorithm().isBodyCharacter(c) ? c : id.charAt(at);
		String wrong = longer ? id.substring(0, at) + inserted + id.substring(at) : id.substring(0, at) + id.substring(at + 1);
		assertRefusedByBoth(format, wrong);
	}

	@Property
	void aCharacterOutsideTheAlphabetIsRefusedByBoth(@ForAll("formats") IdFormat format,
			@ForAll("positions") int position, @ForAll("anyCharacter") char c) {
		Assume.that(!format.algorithm().isBodyCharacter(c));
		String id = format.next();
		int at = id.length() - format.algorithm().bodyLength() + position % format.algorithm().bodyLength();
		assertRefusedByBoth(format, id.substring(0, at) + c + id.substring(at + 1));
	}

	/**
	 * A body character in another place: a hyphen of the canonical form where a digit belongs, a
	 * digit in place of a hyphen or of a suffix character. The shape is wrong, so both refuse it;
	 * a digit in place of another digit keeps the shape, so it matches (the validator may still
	 * refuse the value it spells, such as a UUID of another version).
	 */
	@Property
	void aBodyCharacterOutOfPlaceIsRefusedByBothAndADigitForADigitMatches(@ForAll("formats") IdFormat format,
			@ForAll("positions") int position, @ForAll("anyCharacter") char c) {
		Assume.that(format.algorithm().isBodyCharacter(c));
		String id = format.next();
		int at = id.length() - format.algorithm().bodyLength() + position % format.algorithm().bodyLength();
		Assume.that(id.charAt(at) != c);
		String text = id.substring(0, at) + c + id.substring(at + 1);
		BodyFormat body = ((AbstractIdAlgorithm) format.algorithm()).format();
		if (body.alphabet().contains(c) && body.alphabet().contains(id.charAt(at))) {
			// with other characters at fixed places (a suffix) a digit there is not a digit place: skipped
			Assume.that(body.otherCharacters().isEmpty());
			assertThat(Pattern.compile(format.pattern()).matcher(text).find()).as("%s finds %s", format.pattern(), text)
				.isTrue();
		}
		else {
			assertRefusedByBoth(format, text);
		}
	}

	/** The other way round: whatever one edit of an ID gives, the validator accepts no text the pattern refuses. */
	@Property
	void theValidatorAcceptsNothingThePatternRefuses(@ForAll("formats") IdFormat format,
			@ForAll("positions") int position, @ForAll("anyCharacter") char c, @ForAll("edits") int edit) {
		String id = format.next();
		int at = position % id.length();
		String text = switch (edit) {
			case 0 -> id.substring(0, at) + c + id.substring(at + 1);
			case 1 -> id.substring(0, at) + c + id.substring(at);
			case 2 -> id.substring(0, at) + id.substring(at + 1);
			default -> id.substring(0, at) + swapCase(id.charAt(at)) + id.substring(at + 1);
		};
		boolean matches = Pattern.compile(format.pattern()).matcher(text).find();
		if (!matches) {
			assertThatExceptionOfType(InvalidIdException.class).as("%s refuses %s", format.pattern(), text)
				.isThrownBy(() -> format.validate(text));
		}
		if (isValid(format, text)) {
			assertThat(matches).as("%s accepted by the validator", text).isTrue();
		}
	}

	/** Text from the body alphabet and near it, of lengths around the body's: nothing valid outside the pattern. */
	@Property
	void arbitraryBodiesMatchWheneverTheyAreValid(@ForAll("formats") IdFormat format,
			@ForAll("nearAlphabet") String body) {
		String text = format.prefix().isEmpty() ? body : format.prefix() + format.separator() + body;
		if (isValid(format, text)) {
			assertThat(Pattern.compile(format.pattern()).matcher(text).find()).isTrue();
		}
	}

	@Test
	void thePatternStatesPrefixSeparatorAlphabetAndLength() {
		IdAlgorithm uuidv7 = IdAlgorithms.create("uuidv7", AlgorithmOptions.defaults());
		assertThat(IdFormat.of("post", "_", uuidv7).pattern()).isEqualTo("^post_[0-9a-hjkmnp-tv-z]{26}$");
		assertThat(IdFormat.of(null, "_", uuidv7).pattern()).isEqualTo("^[0-9a-hjkmnp-tv-z]{26}$");
		assertThat(IdFormat.of("post", "$.", uuidv7).pattern()).isEqualTo("^post\\$\\.[0-9a-hjkmnp-tv-z]{26}$");
		IdAlgorithm canonical = IdAlgorithms.create("uuidv7",
				AlgorithmOptions.builder().uuidv7Encoding(Uuidv7Encoding.CANONICAL).build());
		assertThat(IdFormat.of("post", ":", canonical).pattern())
			.isEqualTo("^post:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$");
		IdAlgorithm ulid = IdAlgorithms.create("ulid", AlgorithmOptions.defaults());
		assertThat(IdFormat.of("post", "_", ulid).pattern()).isEqualTo("^post_[0-9A-HJKMNP-TV-Z]{26}$");
		IdAlgorithm base62 = IdAlgorithms.create("ksuid", AlgorithmOptions.defaults());
		assertThat(IdFormat.of("post", "_", base62).pattern()).isEqualTo("^post_[0-9A-Za-z]{27}$");
		IdAlgorithm utcId = IdAlgorithms.create("couchdb-utc-id",
				AlgorithmOptions.builder().couchdbUtcIdSuffix("@my.couch+1").build());
		assertThat(IdFormat.of("post", "_", utcId).pattern()).isEqualTo("^post_[0-9a-f]{14}@my\\.couch\\+1$");
		IdAlgorithm snowflake = IdAlgorithms.create("snowflake", AlgorithmOptions.defaults());
		assertThat(IdFormat.of("post", "_", snowflake).pattern()).isEqualTo("^post_[0-9]{19}$");
	}

	@Test
	void theAnchorsKeepAnIdInsideOtherTextFromMatching() {
		IdFormat format = IdFormat.of("post", "_", IdAlgorithms.create("uuidv7", AlgorithmOptions.defaults()));
		Pattern pattern = Pattern.compile(format.pattern());
		String id = format.next();
		assertThat(pattern.matcher(id).find()).isTrue();
		assertThat(pattern.matcher("x" + id).find()).isFalse();
		assertThat(pattern.matcher(id + "0").find()).isFalse();
		assertThat(pattern.matcher(id.toUpperCase()).find()).isFalse();
	}

	@Test
	void aCustomAlgorithmIsDescribedByItsBodyCharacters() {
		IdAlgorithm custom = new IdAlgorithm() {

			@Override
			public String name() {
				return "digits-and-dashes";
			}

			@Override
			public int bodyLength() {
				return 6;
			}

			@Override
			public boolean isCaseSensitive() {
				return false;
			}

			@Override
			public boolean isBodyCharacter(char c) {
				return (c >= '0' && c <= '9') || c == '-' || c == ']';
			}

			@Override
			public void writeBody(byte[] dst, int offset) {
				System.arraycopy("12-4]6".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, dst, offset, 6);
			}

			@Override
			public void validateBody(CharSequence body) {
			}

		};
		IdFormat format = IdFormat.of("tok", "_", custom);
		assertThat(format.pattern()).isEqualTo("^tok_[\\-0-9\\]]{6}$");
		assertThat(format.next()).matches(format.pattern());
	}

	@Provide
	Arbitrary<Integer> positions() {
		return Arbitraries.integers().between(0, 1000);
	}

	@Provide
	Arbitrary<Integer> edits() {
		return Arbitraries.integers().between(0, 3);
	}

	@Provide
	Arbitrary<Character> prefixCharacters() {
		return Arbitraries.chars().with("abcxyz_~:.$|+-@0A");
	}

	@Provide
	Arbitrary<Character> anyCharacter() {
		return Arbitraries.oneOf(Arbitraries.chars().range((char) 0x20, (char) 0x7E), Arbitraries.chars().all());
	}

	@Provide
	Arbitrary<String> nearAlphabet() {
		return Arbitraries.strings()
			.withChars("0123456789abcdefABCDEFghijkmnopqrstuvwxyzGHJKMNPQRSTVWXYZ-@ycouh_")
			.ofMinLength(9)
			.ofMaxLength(45);
	}

	private static char swapCase(char c) {
		return Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
	}

	private static boolean isValid(IdFormat format, String text) {
		try {
			format.validate(text);
			return true;
		}
		catch (InvalidIdException ex) {
			return false;
		}
	}

	private static void assertRefusedByBoth(IdFormat format, String text) {
		assertThatExceptionOfType(InvalidIdException.class).as("validate(%s)", text)
			.isThrownBy(() -> format.validate(text));
		assertThat(Pattern.compile(format.pattern()).matcher(text).find()).as("%s finds %s", format.pattern(), text)
			.isFalse();
	}

}
