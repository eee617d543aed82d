package io.github.timesortedid.id;

import java.time.Instant;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class IdFormatTests {

	private static final Instant INSTANT = Instant.parse("2026-11-22T03:04:05.678Z");

	private final IdAlgorithm uuidv7 = IdAlgorithms.create(IdAlgorithms.UUIDV7,
			AlgorithmOptions.builder().clock(new SettableClock(INSTANT)).build());

	private final IdFormat post = IdFormat.of("post", "_", this.uuidv7);

	@Test
	void makesPrefixedIdsOfFixedLength() {
		String id = this.post.next();
		assertThat(id).startsWith("post_01m80kbzse").hasSize(31).hasSize(this.post.length());
		assertThat(this.post.body(id)).isEqualTo(id.substring(5));
		assertThat(this.post.instantOf(id)).isEqualTo(INSTANT);
		assertThat(id).isBetween(this.post.lowest(INSTANT), this.post.highest(INSTANT));
		assertThat(this.post.format(this.post.body(id))).isEqualTo(id);
	}

	@Test
	void withoutAPrefixTheIdIsTheBody() {
		IdFormat bare = IdFormat.of(null, "_", this.uuidv7);
		String id = bare.next();
		assertThat(id).hasSize(26);
		assertThat(bare.body(id)).isEqualTo(id);
	}

	@Test
	void badIdsFailWithMessagesThatSayWhatIsWrong() {
		String good = this.post.next();
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> this.post.body(""))
			.withMessage("Invalid ID '': an ID is not empty");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> this.post.body("acct_" + good.substring(5)))
			.withMessageContaining("expected an ID starting with 'post_'");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> this.post.body(good + "0"))
			.withMessageContaining("a uuidv7 body has 26 characters, not 27");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> this.post.body(good.substring(0, 30) + "u"))
			.withMessageContaining("character 'u' at index 25 of the body is not allowed in a uuidv7 body");
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> this.post.body(good.substring(0, 28) + "\u00e9" + good.substring(29)))
			.withMessageContaining("non-ASCII character U+00E9 at index 23 of the body");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> this.post.body("post_" + "0".repeat(10_000)))
			.withMessageContaining("... (10005 chars)")
			.withMessageContaining("has 26 characters, not 10000");
	}

	@Test
	void prefixesFollowTheTypeIdRules() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.of("Post", "_", this.uuidv7))
			.withMessage("Invalid prefix 'Post': a prefix has only lowercase letters a-z and '_', but has 'P' at index 0");
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.of("post_", "_", this.uuidv7))
			.withMessageContaining("starts and ends with a letter");
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.of("a".repeat(64), "_", this.uuidv7))
			.withMessageContaining("at most 63 characters");
		assertThat(IdFormat.of("pre_fix", "_", this.uuidv7).next()).startsWith("pre_fix_");
	}

	@Test
	void separatorMayNotOccurInTheBodyAlphabet() {
		IdAlgorithm canonical = IdAlgorithms.create(IdAlgorithms.UUIDV7,
				AlgorithmOptions.builder().uuidv7Encoding(Uuidv7Encoding.CANONICAL).build());
		assertThatExceptionOfType(InvalidSettingException.class).isThrownBy(() -> IdFormat.of("post", "-", canonical))
			.satisfies(ex -> assertThat(ex.getProperty()).isEqualTo("time-sorted-id.separator"))
			.withMessageContaining("'-' occurs in uuidv7 (canonical) bodies");
		assertThat(IdFormat.of("post", "-", this.uuidv7).next()).startsWith("post-");
		assertThat(IdFormat.of("post", ":", canonical).next()).startsWith("post:").hasSize(41);
		assertThatExceptionOfType(InvalidSettingException.class).isThrownBy(() -> IdFormat.of("post", "x", this.uuidv7))
			.withMessageContaining("not 'x'");
	}

	@Test
	void unorderedAlgorithmsRefuseTimeQuestions() {
		IdFormat session = IdFormat.of("sess", "_", IdAlgorithms.create(IdAlgorithms.RANDOM, AlgorithmOptions.defaults()));
		assertThat(session.isTimeOrdered()).isFalse();
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> session.lowest(INSTANT))
			.withMessageContaining("random IDs carry no time");
	}

}
