package io.github.timesortedid.id;

import java.time.Clock;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Parsing never lets another exception type escape: arbitrary strings (any Unicode, any length),
 * strings from the body alphabet, and valid IDs with one character changed either parse or fail
 * with {@link InvalidIdException}; what parses decodes consistently.
 */
class BadInputProperties {

	private static final List<AlgorithmConfig> CONFIGS = AlgorithmConfig.all();

	@Provide
	Arbitrary<AlgorithmConfig> configs() {
		return Arbitraries.of(CONFIGS);
	}

	@Provide
	Arbitrary<String> hostile() {
		Arbitrary<String> anything = Arbitraries.strings().all().ofMaxLength(80);
		Arbitrary<String> nearAlphabet = Arbitraries.strings()
			.withChars("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-@:é\u0000 ")
			.ofMinLength(20)
			.ofMaxLength(45);
		Arbitrary<String> huge = Arbitraries.strings().withChars("0az_").ofMinLength(9_000).ofMaxLength(10_000);
		return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(5, anything), net.jqwik.api.Tuple.of(10, nearAlphabet),
				net.jqwik.api.Tuple.of(1, huge));
	}

	// Fuzzing properties take their tries from jqwik.tries.default (junit-platform.properties), so a
	// long run can raise them all at once: mvn verify -Djqwik.tries.default=1000000
	@Property
	void arbitraryTextEitherParsesOrThrowsInvalidIdException(@ForAll("configs") AlgorithmConfig config,
			@ForAll("hostile") String text) {
		assertParsesOrRejects(config.create(Clock.systemUTC()), text);
	}

	@Property
	void mutatedValidIdsEitherParseOrThrowInvalidIdException(@ForAll("configs") AlgorithmConfig config,
			@ForAll("mutations") Mutation mutation) {
		IdAlgorithm algorithm = config.create(Clock.systemUTC());
		IdFormat format = IdFormat.of("post", "~", algorithm);
		String id = mutation.apply(format.next());
		try {
			String body = format.body(id);
			assertParsesOrRejects(algorithm, body);
		}
		catch (InvalidIdException ex) {
			assertThat(ex.getMessage()).startsWith("Invalid ID ");
		}
	}

	@Property
	void typeIdParsingOnlyThrowsInvalidIdException(@ForAll("hostile") String text) {
		try {
			assertThat(TypeId.parse(text).toString()).isEqualTo(text);
		}
		catch (InvalidIdException ex) {
			assertThat(ex.getMessage()).startsWith("Invalid ID ");
		}
	}

	@Provide
	Arbitrary<Mutation> mutations() {
		return Combinators.combine(Arbitraries.integers().between(0, 40), Arbitraries.chars().all(),
				Arbitraries.of(MutationKind.values()))
			.as(Mutation::new);
	}

	enum MutationKind {

		REPLACE, INSERT, DELETE, UPPERCASE

	}

	record Mutation(int position, char c, MutationKind kind) {

		String apply(String id) {
			int at = Math.min(this.position, id.length() - 1);
			switch (this.kind) {
				case REPLACE:
					return id.substring(0, at) + this.c + id.substring(at + 1);
				case INSERT:
					return id.substring(0, at) + this.c + id.substring(at);
				case DELETE:
					return id.substring(0, at) + id.substring(at + 1);
				default:
					return id.toUpperCase();
			}
		}

	}

	private static void assertParsesOrRejects(IdAlgorithm algorithm, String text) {
		boolean valid;
		try {
			algorithm.validateBody(text);
			valid = true;
		}
		catch (InvalidIdException ex) {
			assertThat(ex.getMessage()).startsWith("Invalid ID ").hasSizeLessThan(400);
			valid = false;
		}
		if (algorithm instanceof TimeOrderedIdAlgorithm) {
			try {
				((TimeOrderedIdAlgorithm) algorithm).instantOf(text);
				assertThat(valid).isTrue();
			}
			catch (InvalidIdException ex) {
				assertThat(valid).isFalse();
			}
		}
		if (valid && algorithm instanceof UuidIdAlgorithm) {
			UuidIdAlgorithm uuids = (UuidIdAlgorithm) algorithm;
			assertThat(uuids.encode(uuids.decode(text))).isEqualTo(text);
		}
		if (valid && algorithm instanceof LongIdAlgorithm) {
			LongIdAlgorithm longs = (LongIdAlgorithm) algorithm;
			assertThat(longs.encode(longs.decode(text))).isEqualTo(text);
		}
	}

	@Test
	void eachKindOfBadInputIsNamedInTheMessage() {
		for (AlgorithmConfig config : CONFIGS) {
			IdAlgorithm algorithm = config.create(Clock.systemUTC());
			IdFormat format = IdFormat.of("post", "_", algorithm);
			String good = format.next();
			String body = good.substring(5);
			assertRejected(format, "", "an ID is not empty");
			assertRejected(format, good.substring(0, good.length() - 1), "characters, not " + (body.length() - 1));
			assertRejected(format, "acct_" + body, "expected an ID starting with 'post_'");
			assertRejected(format, "post_" + "!".repeat(body.length()), "character '!' at index 0 of the body");
			assertRejected(format, "post_" + "\u00e9" + body.substring(1), "non-ASCII character U+00E9 at index 0");
			assertRejected(format, "post_" + "0".repeat(9_995), "(10000 chars)");
		}
	}

	private static void assertRejected(IdFormat format, String id, String message) {
		assertThatExceptionOfType(InvalidIdException.class).as(format + " " + InvalidIdException.quote(id))
			.isThrownBy(() -> format.body(id))
			.withMessageContaining(message);
	}

}
