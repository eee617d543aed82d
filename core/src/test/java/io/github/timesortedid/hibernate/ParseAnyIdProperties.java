package io.github.timesortedid.hibernate;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;
import org.hibernate.SessionFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link TimeSortedIdRegistry#parse} is the entry point for IDs from the outside world (URLs,
 * request bodies), so whatever text arrives it either describes a real ID of a known prefix or
 * rejects it with a short {@link InvalidIdException}; no other exception may escape.
 */
final class ParseAnyIdProperties {

	private static final Set<String> KNOWN_PREFIXES = Set.of("post", "pub", "tkt", "queue");

	private static final String BASE32 = "0123456789abcdefghjkmnpqrstvwxyz";

	private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

	private static SessionFactory factory;

	private static TimeSortedIdRegistry registry;

	@BeforeContainer
	static void startHibernate() {
		factory = PlainHibernateTests.sessionFactory(
				Map.of(TypedIdTypeContributor.SETTING, TicketId.class.getName()), Entities.Ticket.class,
				Entities.Post.class, Entities.Queue.class);
		registry = factory.unwrap(SessionFactoryImplementor.class)
			.getServiceRegistry()
			.requireService(RegistryService.class).registry();
	}

	@AfterContainer
	static void stopHibernate() {
		if (factory != null) {
			factory.close();
		}
	}

	@Property
	void parseDescribesAKnownIdOrThrowsAShortInvalidIdException(@ForAll("hostile") String text,
			@ForAll boolean asStringBuilder) {
		// a CharSequence that is not a String must be read the same way
		CharSequence input = asStringBuilder ? new StringBuilder(text) : text;
		Statistics.label("outcome").collect(parsesOrRejects(input) ? "parsed" : "rejected");
		// without this a generator that never produced a valid ID would leave the success branch untested
		Statistics.label("outcome").coverage(checker -> {
			checker.check("parsed").percentage(percent -> percent >= 3);
			checker.check("rejected").percentage(percent -> percent >= 50);
		});
	}

	private static boolean parsesOrRejects(CharSequence input) {
		String text = input.toString();
		ParsedId parsed;
		try {
			parsed = registry.parse(input);
		}
		catch (InvalidIdException ex) {
			assertThat(ex.getMessage()).startsWith("Invalid ID ").hasSizeLessThan(400);
			return false;
		}
		assertThat(parsed.id()).isEqualTo(text);
		assertThat(parsed.prefix()).isIn(KNOWN_PREFIXES);
		assertThat(text).startsWith(parsed.prefix() + "_");
		assertThat(parsed.body()).isEqualTo(text.substring(parsed.prefix().length() + 1));
		return true;
	}

	@Provide
	Arbitrary<String> hostile() {
		return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just("")), Tuple.of(10, anyUnicode()),
				Tuple.of(5, controlCharacters()), Tuple.of(2, veryLong()), Tuple.of(20, prefixedTails()),
				Tuple.of(5, repeatedSeparators()), Tuple.of(5, validIds()), Tuple.of(12, mutatedValidIds()));
	}

	private static Arbitrary<String> anyUnicode() {
		return Arbitraries.strings().all().ofMaxLength(60);
	}

	private static Arbitrary<String> controlCharacters() {
		return Arbitraries.strings()
			.withCharRange('\u0000', '\u001f')
			.withChars('\u007f', '\u0085', '\u00a0', '\u2028', '\u2029', '\ufeff', '\ud800', '\udfff', '_', 'p', '0')
			.ofMaxLength(40);
	}

	private static Arbitrary<String> veryLong() {
		Arbitrary<String> anything = Arbitraries.strings().all().ofMinLength(31).ofMaxLength(10_000);
		Arbitrary<String> prefixedPadding = Arbitraries.integers()
			.between(1, 9_990)
			.map(length -> "post_" + "0".repeat(length));
		return Arbitraries.oneOf(anything, prefixedPadding);
	}

	private static Arbitrary<String> prefixedTails() {
		Arbitrary<String> prefix = Arbitraries.of("post", "pub", "tkt", "queue", "acct", "POST", "Pub", "tk", "queu",
				"posts", "post_pub", "tkt_post", " post", "po\u0000st", "");
		Arbitrary<String> separator = Arbitraries.of("_", "__", "-", "~", ":", "", "\u0000", "\uff3f");
		Arbitrary<String> tail = Arbitraries.oneOf(Arbitraries.strings().withChars(BASE32).ofMinLength(20).ofMaxLength(30),
				Arbitraries.strings().withChars(BASE32).ofLength(26),
				Arbitraries.strings().withChars(BASE62).ofMinLength(18).ofMaxLength(26),
				Arbitraries.strings().withChars(BASE62).ofLength(22), Arbitraries.strings().all().ofMaxLength(40));
		return Combinators.combine(prefix, separator, tail).as((p, s, t) -> p + s + t);
	}

	private static Arbitrary<String> repeatedSeparators() {
		Arbitrary<String> underscores = Arbitraries.integers().between(1, 40).map("_"::repeat);
		Arbitrary<String> prefix = Arbitraries.of("", "post", "pub", "tkt", "queue");
		Arbitrary<String> tail = Arbitraries.strings().withChars(BASE32 + "_").ofMaxLength(30);
		return Combinators.combine(prefix, underscores, tail).as((p, u, t) -> p + u + t);
	}

	/** Fresh IDs of every prefixed attribute, so the parsing branch is exercised as much as the rejecting one. */
	private static Arbitrary<String> validIds() {
		List<IdField> prefixed = registry.fields()
			.stream()
			.filter(field -> !field.format().prefix().isEmpty())
			.toList();
		return Arbitraries.of(prefixed).map(field -> field.format().next());
	}

	private static Arbitrary<String> mutatedValidIds() {
		return Combinators.combine(validIds(), Arbitraries.integers().between(0, 40), Arbitraries.chars().all(),
				Arbitraries.integers().between(0, 3))
			.as((id, position, c, kind) -> {
				int at = Math.min(position, id.length() - 1);
				switch (kind) {
					case 0:
						return id.substring(0, at) + c + id.substring(at + 1);
					case 1:
						return id.substring(0, at) + c + id.substring(at);
					case 2:
						return id.substring(0, at) + id.substring(at + 1);
					default:
						return id.toUpperCase();
				}
			});
	}

}
