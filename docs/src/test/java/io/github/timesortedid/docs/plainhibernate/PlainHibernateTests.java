package io.github.timesortedid.docs.plainhibernate;

import java.time.Instant;
import java.util.Map;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.TypeId;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The guide's examples without Spring: Hibernate bootstrapped by hand, and the core alone. */
class PlainHibernateTests {

	@Test
	void hibernateReadsTheSettingsFromItsOwnProperties() {
		// tag::bootstrap[]
		Map<String, Object> settings = Map.of(
				"hibernate.connection.url", "jdbc:h2:mem:app",
				"time-sorted-id.algorithm", "ulid",
				"time-sorted-id.entities.Session.algorithm", "random");
		StandardServiceRegistry registry = new StandardServiceRegistryBuilder().applySettings(settings).build();
		SessionFactory factory = new MetadataSources(registry).addAnnotatedClass(Post.class)
			.addAnnotatedClass(Session.class)
			.buildMetadata()
			.buildSessionFactory();
		// end::bootstrap[]
		try (factory) {
			factory.getSchemaManager().create(true);
			Post post = new Post("Hello");
			Session session = new Session();
			factory.inTransaction(hibernate -> {
				hibernate.persist(post);
				hibernate.persist(session);
			});
			// a ULID body is uppercase Crockford base32, a random token base62
			assertThat(post.getId()).matches("post_[0-9A-HJKMNP-TV-Z]{26}");
			assertThat(session.getId()).matches("sess_[0-9A-Za-z]{22}");
		}
	}

	@Test
	void theCoreAloneMakesParsesAndBoundsIds() {
		// tag::core[]
		IdAlgorithm uuidv7 = IdAlgorithms.create("uuidv7", AlgorithmOptions.defaults());
		IdFormat posts = IdFormat.of("post", "_", uuidv7);

		String id = posts.next(); // post_01m80m8fdeefn8sbsertbdp6n0
		Instant created = posts.instantOf(id); // millisecond precision
		String from = posts.lowest(Instant.parse("2026-02-01T00:00:00Z"));
		String to = posts.highest(Instant.parse("2026-02-15T00:00:00Z"));
		TypeId.parse(id).uuid(); // the same UUIDv7, as any TypeID library reads it
		// end::core[]
		assertThat(created).isBetween(Instant.now().minusSeconds(5), Instant.now());
		// the lowest ID of an instant holds its Unix milliseconds in the UUID's top 48 bits (RFC 9562)
		assertThat(TypeId.parse(from).uuid().getMostSignificantBits() >>> 16)
			.isEqualTo(Instant.parse("2026-02-01T00:00:00Z").toEpochMilli());
		assertThat(from).isLessThan(to);
		assertThat(TypeId.parse(id).uuid().version()).isEqualTo(7);
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> posts.body("acct_01m80m8fdeefn8sbsertbdp6n0"))
			.withMessageContaining("expected an ID starting with 'post_'");
	}

}
