package io.github.timesortedid.hibernate;

import java.util.Map;

import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.hibernate.SessionFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An unprefixed {@code snowflake} ID of a {@code Long} attribute is its decimal number in the ASCII
 * digits {@code 0-9}, as {@code Long.toString} writes it: the same number in any other script's
 * digits (which {@code Long.parseLong} reads, through {@code Character.digit}), with a sign, or with
 * spaces is an {@link InvalidIdException} that says what an ID of that attribute is.
 */
final class UnprefixedNumberProperties {

	/** The zero of some of Unicode's other decimal digit ranges (general category Nd). */
	private static final char[] OTHER_ZEROS = { '\u0660', '\u06f0', '\u07c0', '\u0966', '\u09e6', '\u0e50', '\u1040',
			'\uff10' };

	private static SessionFactory factory;

	private static TimeSortedIdRegistry registry;

	private static IdField tweets;

	@BeforeContainer
	static void startHibernate() {
		factory = PlainHibernateTests.sessionFactory(Map.of(), Entities.Tweet.class, Entities.Post.class);
		registry = factory.unwrap(SessionFactoryImplementor.class)
			.getServiceRegistry()
			.requireService(RegistryService.class).registry();
		tweets = registry.field("Tweet", "id").orElseThrow();
	}

	@AfterContainer
	static void stopHibernate() {
		if (factory != null) {
			factory.close();
		}
	}

	@Property
	void theAsciiNumberResolvesAndKeepsItsText(@ForAll("snowflakes") long id) {
		ParsedId parsed = registry.parse(Long.toString(id));
		assertThat(parsed.entityName()).isEqualTo("Tweet");
		assertThat(parsed.value()).isEqualTo(id);
		assertThat(parsed.body()).isEqualTo(Long.toString(id)).matches("[0-9]{1,19}");
	}

	@Property
	void otherDigitsOfTheSameNumberAreRefused(@ForAll("snowflakes") long id, @ForAll("otherZeros") char zero,
			@ForAll @IntRange(min = 0, max = 18) int position, @ForAll boolean everyDigit) {
		String ascii = Long.toString(id);
		StringBuilder text = new StringBuilder(ascii);
		for (int i = 0; i < text.length(); i++) {
			if (everyDigit || i == position % text.length()) {
				text.setCharAt(i, (char) (zero + (ascii.charAt(i) - '0')));
			}
		}
		// the premise: the JDK reads these digits as the same number
		assertThat(Long.parseLong(text.toString())).isEqualTo(id);
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> registry.parse(text))
			.withMessageContaining("not an ID of Tweet");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> tweets.fromText(text.toString()))
			.withMessageContaining("ASCII digits 0-9");
	}

	@Property
	void signsAndSpacesAreRefused(@ForAll("snowflakes") long id, @ForAll("decorations") String decoration,
			@ForAll boolean before) {
		String text = before ? decoration + id : id + decoration;
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> tweets.fromText(text))
			.withMessageContaining("ASCII digits 0-9");
	}

	@Provide
	Arbitrary<Long> snowflakes() {
		return Arbitraries.longs().between(0, 1_000).map((ignored) -> (Long) tweets.next());
	}

	@Provide
	Arbitrary<Character> otherZeros() {
		return Arbitraries.of(OTHER_ZEROS[0], OTHER_ZEROS[1], OTHER_ZEROS[2], OTHER_ZEROS[3], OTHER_ZEROS[4],
				OTHER_ZEROS[5], OTHER_ZEROS[6], OTHER_ZEROS[7]);
	}

	@Provide
	Arbitrary<String> decorations() {
		return Arbitraries.of("+", "-", " ", "\t", "\u00a0", "\u2007", "0x", "_");
	}

}
