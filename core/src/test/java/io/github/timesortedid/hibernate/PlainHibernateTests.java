package io.github.timesortedid.hibernate;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Hibernate without Spring: the same property names, as strings in Hibernate's settings. */
class PlainHibernateTests {

	private static int databases;

	static SessionFactory sessionFactory(Map<String, Object> properties, Class<?>... entities) {
		Map<String, Object> settings = new HashMap<>(properties);
		settings.put("hibernate.connection.url", "jdbc:h2:mem:plain" + (databases++) + ";DB_CLOSE_DELAY=-1");
		settings.put("hibernate.connection.username", "sa");
		settings.put("hibernate.hbm2ddl.auto", "create-drop");
		StandardServiceRegistry registry = new StandardServiceRegistryBuilder().applySettings(settings).build();
		try {
			MetadataSources sources = new MetadataSources(registry);
			for (Class<?> entity : entities) {
				sources.addAnnotatedClass(entity);
			}
			return sources.buildMetadata().buildSessionFactory();
		}
		catch (RuntimeException ex) {
			StandardServiceRegistryBuilder.destroy(registry);
			throw ex;
		}
	}

	@Test
	void persistsEveryFieldTypeWithSettingsFromPlainStrings() {
		Map<String, Object> properties = Map.of("time-sorted-id.snowflake.node-id", "42",
				"time-sorted-id.random.bits", "160", "time-sorted-id.separator", "_");
		try (SessionFactory factory = sessionFactory(properties, Entities.Post.class, Entities.Tweet.class,
				Entities.Counter.class, Entities.Document.class)) {
			Entities.Post post = new Entities.Post();
			post.title = "hello";
			Entities.Tweet tweet = new Entities.Tweet();
			Entities.Counter counter = new Entities.Counter();
			Entities.Document document = new Entities.Document();
			factory.inTransaction(session -> {
				session.persist(post);
				session.persist(tweet);
				session.persist(counter);
				session.persist(document);
			});
			assertThat(TypeId.parse(post.id).prefix()).isEqualTo("post");
			assertThat(TypeId.parse(post.id).uuid().version()).isEqualTo(7);
			assertThat(post.publicId).startsWith("pub_").hasSize(4 + 27);
			assertThat((tweet.id >> 12) & 0x3FF).isEqualTo(42);
			assertThat(counter.id).isPositive().isNotEqualTo(tweet.id);
			assertThat(document.id.version()).isEqualTo(7);
			Entities.Post loaded = factory.fromTransaction(session -> session.find(Entities.Post.class, post.id));
			assertThat(loaded.title).isEqualTo("hello");
			assertThat(loaded.publicId).isEqualTo(post.publicId);
		}
	}

	@Test
	void anIdSetBeforePersistIsKeptAfterACheck() {
		try (SessionFactory factory = sessionFactory(Map.of(), Entities.Post.class, Entities.Document.class)) {
			TimeSortedIdRegistry registry = factory.unwrap(org.hibernate.engine.spi.SessionFactoryImplementor.class)
				.getServiceRegistry()
				.requireService(RegistryService.class).registry();
			String chosen = registry.field("Post", "id").orElseThrow().format().next();
			Entities.Post post = new Entities.Post();
			post.id = chosen;
			post.publicId = "pub_7n42DGM5Tflk9n8mt7Fhc7";
			factory.inTransaction(session -> session.persist(post));
			assertThat(post.id).isEqualTo(chosen);
			assertThat(post.publicId).isEqualTo("pub_7n42DGM5Tflk9n8mt7Fhc7");
			Entities.Post stored = factory.fromTransaction(session -> session.find(Entities.Post.class, chosen));
			assertThat(stored.publicId).isEqualTo(post.publicId);

			Entities.Post wrong = new Entities.Post();
			wrong.id = "acct_" + chosen.substring(5);
			assertThatThrownBy(() -> factory.inTransaction(session -> session.persist(wrong)))
				.isInstanceOf(InvalidIdException.class)
				.hasMessageContaining("assigned to Post.id: expected an ID starting with 'post_'");
			Entities.Document document = new Entities.Document();
			document.id = UUID.randomUUID();
			assertThatThrownBy(() -> factory.inTransaction(session -> session.persist(document)))
				.isInstanceOf(InvalidIdException.class)
				.hasMessageContaining("assigned to Document.id: not a UUIDv7: version is 4");
		}
	}

	@Test
	void entityPropertiesWinOverTheAnnotation() {
		Map<String, Object> properties = Map.of("time-sorted-id.entities.Post.prefix", "article",
				"time-sorted-id.entities.Post.algorithm", "ulid");
		try (SessionFactory factory = sessionFactory(properties, Entities.Post.class)) {
			Entities.Post post = new Entities.Post();
			factory.inTransaction(session -> session.persist(post));
			assertThat(post.id).startsWith("article_").hasSize(8 + 26);
			assertThat(post.id.substring(8)).matches("[0-9A-HJKMNP-TV-Z]{26}");
			// the entity's algorithm applies to all its attributes; its prefix to the @Id only
			assertThat(post.publicId).startsWith("pub_").hasSize(4 + 26);
		}
	}

	@Test
	void theRegistryIsSharedAndDecodesWhatItMade() {
		try (SessionFactory factory = sessionFactory(Map.of(), Entities.Post.class, Entities.Tweet.class)) {
			TimeSortedIdRegistry registry = factory.unwrap(org.hibernate.engine.spi.SessionFactoryImplementor.class)
				.getServiceRegistry()
				.requireService(RegistryService.class).registry();
			assertThat(registry.fields()).extracting(IdField::toString)
				.containsExactlyInAnyOrder("Post.id", "Post.publicId", "Tweet.id");
			assertThat(registry.algorithm("uuidv7")).isSameAs(registry.algorithm("uuidv7"));
			Entities.Post post = new Entities.Post();
			factory.inTransaction(session -> session.persist(post));
			assertThat(registry.field("Post", "id").orElseThrow().format().instantOf(post.id)).isBeforeOrEqualTo(Instant.now());
		}
	}

	@Test
	void configurationErrorsStopTheSessionFactoryAndNameEntityAndAttribute() {
		assertStartupFailure(Map.of(), TimeSortedIdConfigurationException.class,
				"The prefix 'post' is used by both Post.id and Article.id.", Entities.Post.class, Entities.Article.class);
		assertStartupFailure(Map.of(), TimeSortedIdConfigurationException.class,
				"Entity 'Cramped', attribute 'id' has a column of length 20, shorter than the 34 characters of its IDs "
						+ "(prefix 'cramped', separator '_' and a 26-character uuidv7 (base32) body). "
						+ "Set @Column(length = 34) or more",
				Entities.Cramped.class);
		assertStartupFailure(Map.of(), TimeSortedIdConfigurationException.class,
				"Entity 'Numbered', attribute 'id' is a java.lang.Integer, which @TimeSortedId cannot fill.",
				Entities.Numbered.class);
		assertStartupFailure(Map.of(), TimeSortedIdConfigurationException.class,
				"is a Long/long, but the algorithm 'uuidv7' does not make Long/long values. Use the snowflake algorithm",
				Entities.WrongAlgorithm.class);
		assertStartupFailure(Map.of(), TimeSortedIdConfigurationException.class,
				"has the invalid prefix 'Bad-Prefix' from @TimeSortedId(prefix = ...)", Entities.BadPrefix.class);
		assertStartupFailure(Map.of(), TimeSortedIdConfigurationException.class,
				"names the unknown algorithm 'uuid7'. Use one of uuidv7, ulid, kuuid", Entities.UnknownAlgorithm.class);
		assertStartupFailure(Map.of("time-sorted-id.entities.Psot.prefix", "post"), TimeSortedIdConfigurationException.class,
				"The property time-sorted-id.entities.Psot.* names no entity with a @TimeSortedId attribute. "
						+ "Use the entity name (JPA's, or a Spring Data JDBC entity's simple class name) of an entity with a "
						+ "@TimeSortedId attribute (Post)",
				Entities.Post.class);
		assertStartupFailure(Map.of("time-sorted-id.snowflake.node-id", "2000"), InvalidSettingException.class,
				"'time-sorted-id.snowflake.node-id': use a node ID from 0 to 1023", Entities.Tweet.class);
		assertStartupFailure(Map.of("time-sorted-id.algorithm", "couchdb-utc-id"), InvalidSettingException.class,
				"couchdb-utc-id needs a suffix", Entities.Post.class);
	}

	private static void assertStartupFailure(Map<String, Object> properties, Class<? extends Throwable> type,
			String message, Class<?>... entities) {
		Throwable failure = catchThrowable(() -> sessionFactory(properties, entities).close());
		assertThat(failure).as("startup failure").isNotNull();
		Throwable cause = failure;
		while (cause != null && !type.isInstance(cause)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("a " + type.getSimpleName() + " in the causes of " + failure).isNotNull();
		assertThat(cause.getMessage()).contains(message);
	}

}
