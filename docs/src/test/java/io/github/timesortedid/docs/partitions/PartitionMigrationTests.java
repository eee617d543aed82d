package io.github.timesortedid.docs.partitions;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.partitions.Comment;
import io.github.timesortedid.autoconfigure.fixtures.partitions.CommentRepository;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PartitionsApplication;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partition.PartitionMaintainer;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page's Flyway migration, run as an application runs it: Flyway makes the blog's tables on an
 * empty database, the application starts with {@code ddl-auto=validate} on them, its partitioned
 * part is what {@code GET /actuator/timesortedid/ddl/Post} prints, rows land in the migration's
 * partitions, and the maintenance carries on from there.
 */
class PartitionMigrationTests {

	private static final Instant MAY = Instant.parse("2026-05-04T09:00:00Z");

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theMigrationMakesTheTablesTheApplicationValidatesAndMaintains(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		SettableClock clock = new SettableClock(MAY);
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("spring.config.import", "classpath:config/partitions.yml");
		properties.put("spring.jpa.hibernate.ddl-auto", "validate");
		properties.put("server.port", "0");
		properties.put("management.endpoints.web.exposure.include", "timesortedid");
		try (ConfigurableApplicationContext blog = new SpringApplicationBuilder(PartitionsApplication.class)
			.web(WebApplicationType.SERVLET)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory().registerSingleton("clock", clock);
			})
			.properties(properties)
			// over application.properties, which leaves Flyway off for the other examples
			.run("--spring.flyway.enabled=true", "--spring.flyway.locations=classpath:db/partitions/{vendor}")) {
			String migration = new ClassPathResource("db/partitions/" + database.label() + "/V1__blog.sql")
				.getContentAsString(StandardCharsets.UTF_8);
			HttpResponse<String> printed = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:"
					+ blog.getEnvironment().getProperty("local.server.port") + "/actuator/timesortedid/ddl/Post")).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(printed.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
			assertThat(printed.body()).isEqualTo(migration.substring(migration.indexOf("-- tag::post[]\n") + 15,
					migration.indexOf("-- end::post[]")));
			assertThat(new PartitionExamples(blog.getBean(TimeSortedIdRegistry.class), blog.getBean(PartitionMaintainer.class),
					blog.getBean(PostRepository.class)).postDdl(MAY)).isEqualTo(printed.body());
			assertThat(new JdbcTemplate(dataSource).queryForObject("SELECT count(*) FROM flyway_schema_history WHERE success",
					Integer.class)).isOne();

			PartitionMaintainer maintainer = blog.getBean(PartitionMaintainer.class);
			PartitionMaintenance.Run startup = maintainer.maintain();
			assertThat(startup.succeeded()).isTrue();
			assertThat(startup.statements()).as("the migration made May's partitions and the four next").isEmpty();
			Post may = blog.getBean(PostRepository.class).insert(new Post("may", "from a migration")).entity();
			blog.getBean(CommentRepository.class).save(new Comment(may, "a comment"));
			assertThat(maintainer.partitions().get("post")).filteredOn(partition -> partition.name().endsWith("p202605"))
				.singleElement()
				.satisfies(partition -> assertThat(partition.to()).isEqualTo(Instant.parse("2026-06-01T00:00:00Z")));
			clock.set(Instant.parse("2026-06-10T00:00:00Z"));
			assertThat(maintainer.maintain().statements()).as("October's partitions, as after any start")
				.hasSize(2)
				.allMatch(statement -> statement.contains("p202610"));
			assertThat(blog.getBean(PostRepository.class).findById(may.getId()).orElseThrow().getTags())
				.containsExactly("from a migration");
		}
	}

}
