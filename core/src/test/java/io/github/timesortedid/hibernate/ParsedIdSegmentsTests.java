package io.github.timesortedid.hibernate;

import java.time.Instant;
import java.util.Map;

import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.id.IdSegment.Kind;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.hibernate.SessionFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link ParsedId#segments()} of any ID a registry parses: a prefixed string, and the text of a
 * {@code Long} or {@code UUID} key, which is the value's own form rather than the algorithm's body.
 */
class ParsedIdSegmentsTests {

	private static SessionFactory factory;

	private static TimeSortedIdRegistry registry;

	@BeforeAll
	static void startHibernate() {
		factory = PlainHibernateTests.sessionFactory(Map.of(), Entities.Post.class, Entities.Tweet.class,
				Entities.Document.class);
		registry = factory.unwrap(SessionFactoryImplementor.class)
			.getServiceRegistry()
			.requireService(RegistryService.class).registry();
	}

	@AfterAll
	static void stopHibernate() {
		if (factory != null) {
			factory.close();
		}
	}

	@Test
	void aPrefixedIdIsDescribedByItsBody() {
		ParsedId parsed = registry.parse("post_01m80m8fdeefn8sbsertbdp6n0");
		assertThat(parsed.segments()).isEqualTo(parsed.field().format().algorithm().segments("01m80m8fdeefn8sbsertbdp6n0"));
		assertThat(parsed.segments()).extracting(IdSegment::name)
			.containsExactly("unix_ts_ms", "ver", "rand_a", "var", "rand_b");
		assertThat(parsed.segments().get(0).instant()).isEqualTo(parsed.createdAt().orElseThrow());
	}

	@Test
	void aSnowflakeNumberIsDescribedAsTheLongItIs() {
		long value = 2124534447414968320L + (5L << 12) + 42;
		ParsedId parsed = registry.parse(Long.toString(value));
		assertThat(parsed.entityName()).isEqualTo("Tweet");
		assertThat(parsed.segments()).containsExactly(new IdSegment("sign", Kind.FIXED, 0, 1, "0", null),
				new IdSegment("timestamp", Kind.TIME, 1, 41, Long.toString(value >>> 22), parsed.createdAt().orElseThrow()),
				new IdSegment("node_id", Kind.NODE, 42, 10, "5", null),
				new IdSegment("sequence", Kind.COUNTER, 52, 12, "42", null));
		// only ASCII digits, not any text Long.parseLong reads (a sign, 24 digits, other scripts' digits)
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> registry.parse("-000000000000000000000000"));
		assertThat(registry.parse("0000000000000000000").segments().get(1).value()).isEqualTo("0");
	}

	@Test
	void aUuidIsDescribedByItsBits() {
		// RFC 9562 appendix A.6
		ParsedId parsed = registry.parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
		assertThat(parsed.entityName()).isEqualTo("Document");
		assertThat(parsed.segments()).extracting(IdSegment::value)
			.containsExactly("1645557742000", "0111", "cc3", "10", "18c4dc0c0c07398f");
		assertThat(parsed.segments().get(0).instant()).isEqualTo(Instant.parse("2022-02-22T19:22:22Z"));
	}

}
