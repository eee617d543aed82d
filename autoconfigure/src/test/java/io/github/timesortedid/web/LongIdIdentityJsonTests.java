package io.github.timesortedid.web;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.JsonIdentityReference;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.github.timesortedid.autoconfigure.fixtures.notes.Note;
import io.github.timesortedid.autoconfigure.fixtures.notes.NotesApplication;
import io.github.timesortedid.autoconfigure.fixtures.notes.Topic;
import io.github.timesortedid.autoconfigure.fixtures.social.Article;
import io.github.timesortedid.autoconfigure.fixtures.social.Author;
import io.github.timesortedid.autoconfigure.fixtures.social.SocialApplication;
import io.github.timesortedid.testsupport.FailureAnalyses;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@code time-sorted-id.json.long-ids-as-strings} with Jackson's object identity, the usual way to
 * write JPA entities that reference each other in a cycle: an author and her articles, persisted
 * and read back by Hibernate on H2 and written by the {@link JsonMapper} Spring Boot builds. A
 * reference written as the object's ID ({@code @JsonIdentityReference(alwaysAsId = true)}, and
 * every occurrence of an object after its first) is a string like the ID itself, so that no
 * {@code snowflake} ID reaches a browser as a number above 2^53; and the JSON reads back into the
 * same graph.
 */
class LongIdIdentityJsonTests {

	/** A JSON number: after a colon, a bracket or a comma, outside strings. */
	private static final String BARE_NUMBER = "[:\\[,]-?\\d";

	@Test
	void identityReferencesAreStringsLikeTheIdsAndReadBack() {
		try (ConfigurableApplicationContext context = start("time-sorted-id.json.long-ids-as-strings=true")) {
			JsonMapper json = context.getBean(JsonMapper.class);
			Graph graph = persistGraph(context);
			TransactionTemplate transaction = context.getBean(TransactionTemplate.class);
			EntityManager entities = entities(context);

			String author = transaction.execute(status -> json.writeValueAsString(entities.find(Author.class, graph.ada())));
			String articles = transaction.execute(status -> json.writeValueAsString(
					entities.createQuery("select a from Article a order by a.id", Article.class).getResultList()));
			String twice = transaction.execute(status -> {
				Author ada = entities.find(Author.class, graph.ada());
				return json.writeValueAsString(List.of(ada, ada));
			});

			// alwaysAsId: every article's author; the second occurrence of an object: the second reviewer
			assertThat(articles).doesNotContainPattern(BARE_NUMBER)
				.contains("\"author\":\"" + graph.ada() + "\"")
				.contains("\"reviewer\":\"" + graph.bob() + "\"")
				.startsWith("[{\"id\":\"" + graph.first() + "\"");
			assertThat(author).doesNotContainPattern(BARE_NUMBER)
				.startsWith("{\"id\":\"" + graph.ada() + "\"")
				.contains("\"author\":\"" + graph.ada() + "\"")
				.contains("\"reviewer\":\"" + graph.bob() + "\"");
			// the same object twice at the top level
			assertThat(twice).doesNotContainPattern(BARE_NUMBER).endsWith(",\"" + graph.ada() + "\"]");

			Author read = json.readValue(author, Author.class);
			assertThat(read.getId()).isEqualTo(graph.ada());
			assertThat(read.getArticles()).extracting(Article::getId).containsExactly(graph.first(), graph.second());
			assertThat(read.getArticles()).allSatisfy(article -> assertThat(article.getAuthor()).isSameAs(read));
			assertThat(read.getArticles().get(0).getReviewer().getId()).isEqualTo(graph.bob());
			assertThat(read.getArticles().get(1).getReviewer()).isSameAs(read.getArticles().get(0).getReviewer());
		}
	}

	/**
	 * Jackson writes references of identity declared on a property with the serializer of the ID's
	 * type alone (a number, whatever a module does), so such an entity stops startup, naming the
	 * properties; without the setting the same application starts and writes numbers as before.
	 */
	@Test
	void identityDeclaredOnAnEntitysPropertyStopsStartupNamingIt() {
		Throwable failure = catchThrowable(() -> start(NotesApplication.class, "time-sorted-id.json.long-ids-as-strings=true")
			.close());
		FailureAnalysis analysis = FailureAnalyses.of(failure);
		assertThat(analysis.getDescription()).contains("time-sorted-id.json.long-ids-as-strings")
			.contains("Note.topic")
			.contains("Note.related")
			.doesNotContain("Topic.");
		assertThat(analysis.getAction()).contains("@JsonIdentityInfo").contains("referenced class");

		try (ConfigurableApplicationContext context = start(NotesApplication.class)) {
			TransactionTemplate transaction = context.getBean(TransactionTemplate.class);
			EntityManager entities = entities(context);
			long topic = transaction.execute(status -> {
				Topic jpa = Topic.named("JPA");
				entities.persist(jpa);
				entities.persist(Note.on("cycles", jpa, jpa));
				return jpa.getId();
			});
			String notes = transaction.execute(status -> context.getBean(JsonMapper.class)
				.writeValueAsString(entities.createQuery("select n from Note n", Note.class).getResultList()));
			assertThat(notes).containsPattern("\"topic\":" + topic + "[,}]");
		}
	}

	/** A class that is no entity, written by Jackson: refused when Jackson first needs its serializer. */
	@Test
	void identityDeclaredOnAPropertyOfAnyOtherClassIsRefusedWhenFirstWritten() {
		try (ConfigurableApplicationContext context = start("time-sorted-id.json.long-ids-as-strings=true")) {
			JsonMapper json = context.getBean(JsonMapper.class);
			Graph graph = persistGraph(context);
			Author ada = context.getBean(TransactionTemplate.class)
				.execute(status -> entities(context).find(Author.class, graph.ada()));
			assertThatException().isThrownBy(() -> json.writeValueAsString(new Byline("Ada", List.of(ada))))
				.withStackTraceContaining("Byline.authors")
				.withStackTraceContaining("time-sorted-id.json.long-ids-as-strings");
			// the class-level identity of Author itself is still written as strings
			assertThat(json.writeValueAsString(List.of(ada, ada))).doesNotContainPattern(BARE_NUMBER);
		}
	}

	/** A view of authors, which declares their identity itself. */
	record Byline(String text,
			@JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class,
					property = "id") @JsonIdentityReference(alwaysAsId = true) List<Author> authors) {
	}

	@Test
	void withoutTheSettingIdentityReferencesStayNumbersAsBefore() {
		try (ConfigurableApplicationContext context = start()) {
			JsonMapper json = context.getBean(JsonMapper.class);
			Graph graph = persistGraph(context);
			String author = context.getBean(TransactionTemplate.class)
				.execute(status -> json.writeValueAsString(entities(context).find(Author.class, graph.ada())));
			assertThat(author).startsWith("{\"id\":" + graph.ada() + ",")
				.containsPattern("\"author\":" + graph.ada() + "[,}]")
				.containsPattern("\"reviewer\":" + graph.bob() + "[,}]");
		}
	}

	private static EntityManager entities(ConfigurableApplicationContext context) {
		return SharedEntityManagerCreator.createSharedEntityManager(context.getBean(EntityManagerFactory.class));
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return start(SocialApplication.class, properties);
	}

	private static ConfigurableApplicationContext start(Class<?> application, String... properties) {
		return new SpringApplicationBuilder(application).web(WebApplicationType.NONE)
			.properties("spring.datasource.generate-unique-name=true", "time-sorted-id.snowflake.node-id=7")
			.properties(properties)
			.run();
	}

	/** Ada wrote two articles, both reviewed by Bob. */
	private static Graph persistGraph(ConfigurableApplicationContext context) {
		EntityManager entities = entities(context);
		return context.getBean(TransactionTemplate.class).execute(status -> {
			Author ada = Author.named("Ada");
			Author bob = Author.named("Bob");
			entities.persist(ada);
			entities.persist(bob);
			Article first = Article.of("First", ada, bob);
			Article second = Article.of("Second", ada, bob);
			entities.persist(first);
			entities.persist(second);
			return new Graph(ada.getId(), bob.getId(), first.getId(), second.getId());
		});
	}

	private record Graph(long ada, long bob, long first, long second) {

		Graph {
			// above 2^53, where a JavaScript number no longer holds every integer
			assertThat(ada).isGreaterThan(1L << 53);
		}

	}

}
