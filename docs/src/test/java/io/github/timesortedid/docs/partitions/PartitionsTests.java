package io.github.timesortedid.docs.partitions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
import io.github.timesortedid.sql.fixtures.SqlScripts;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The guide's partitioned blog, run as the page shows it: the configuration on PostgreSQL and
 * MariaDB, the Java examples, the SQL helpers' query and its plan, and the conversion of tables
 * with rows by the script startup prints, which is the page's script.
 */
class PartitionsTests {

	private static final Instant MAY = Instant.parse("2026-05-04T09:00:00Z");

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theConfigurationPartitionsThePostsAndTheirTags(Database database) throws Exception {
		try (ConfigurableApplicationContext blog = start(database, database.newDatabase(), new SettableClock(MAY),
				"spring.config.import=classpath:config/partitions.yml", "spring.jpa.hibernate.ddl-auto=create")) {
			PartitionMaintainer maintainer = blog.getBean(PartitionMaintainer.class);
			assertThat(maintainer.partitions().get("post")).hasSize(6);
			assertThat(maintainer.partitions().get("post_tag")).hasSize(6);
			PartitionExamples examples = new PartitionExamples(blog.getBean(TimeSortedIdRegistry.class), maintainer,
					blog.getBean(PostRepository.class));
			assertThat(examples.mayBounds()).containsExactly("post_01kqgdbj00e008000000000000",
					"post_01kt07nv00e008000000000000");
			PostRepository posts = blog.getBean(PostRepository.class);
			Post first = posts.insert(new Post("first", "hello")).entity();
			Post second = posts.insert(new Post("second")).entity();
			assertThat(examples.aPageAndADay(first)).extracting(Post::getTitle).containsExactly("second", "first", "second");
			PartitionMaintenance.Run run = examples.maintainNow();
			assertThat(run.succeeded()).isTrue();
			assertThat(run.statements()).isEmpty();
			assertThat(second.getId()).startsWith("post_");
		}
	}

	/** The page's query with the SQL helpers reads May's partition alone, on either database. */
	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theHelpersReadOnePartition(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		try (ConfigurableApplicationContext blog = start(database, dataSource, new SettableClock(MAY),
				"spring.config.import=classpath:config/partitions.yml", "spring.jpa.hibernate.ddl-auto=create")) {
			SqlScripts.run(database, dataSource, "META-INF/time-sorted-id/sql/" + database.label() + ".sql");
			List<String> statements = new ArrayList<>();
			for (String statement : read("sql/partition-bounds-" + database.label() + ".sql").replaceAll("(?m)^--.*\n", "")
				.split(";\n")) {
				statements.add(statement);
			}
			try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
				for (String statement : statements.subList(0, statements.size() - 1)) {
					sql.execute(statement);
				}
				try (ResultSet rows = sql.executeQuery(statements.get(statements.size() - 1))) {
					rows.next();
					// PostgreSQL's plan, as text; MariaDB's partitions column
					assertThat((database == Database.POSTGRESQL) ? rows.getString(1) : rows.getString("partitions"))
						.isEqualTo((database == Database.POSTGRESQL) ? "Index Scan using post_p202605_pkey on post_p202605 post"
								: "p202605");
				}
			}
		}
	}

	/**
	 * The statement {@code findById} sends for a post of May on PostgreSQL is the page's, with May's
	 * bounds, and finds the post.
	 */
	@Test
	void aLookupByIdCarriesTheBoundsOfItsMonth() throws Exception {
		List<String> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
		DataSource recorded = net.ttddyy.dsproxy.support.ProxyDataSourceBuilder.create(Database.POSTGRESQL.newDatabase())
			.afterQuery((execution, queries) -> queries.forEach(query -> sent.add(query.getQuery())))
			.build();
		try (ConfigurableApplicationContext blog = start(Database.POSTGRESQL, recorded, new SettableClock(MAY),
				"spring.config.import=classpath:config/partitions.yml", "spring.jpa.hibernate.ddl-auto=create")) {
			PostRepository posts = blog.getBean(PostRepository.class);
			String id = posts.insert(new Post("may", "in May")).entity().getId();
			sent.clear();
			assertThat(posts.findById(id)).map(Post::getTitle).contains("may");
			String page = read("sql/partition-lookup-postgresql.sql").replaceAll("(?m)^--.*\n", "").replaceAll("\\s+", " ").trim();
			assertThat(sent).first().isEqualTo(page);
			// its generic plan reads May's partitions of both tables and holds no other: nothing is left to prune
			List<String> plan = new ArrayList<>();
			try (Connection connection = recorded.getConnection(); Statement sql = connection.createStatement()) {
				sql.execute("SET plan_cache_mode = force_generic_plan");
				sql.execute("PREPARE lookup AS " + sent.get(0).replace("?", "$1"));
				try (ResultSet lines = sql.executeQuery("EXPLAIN EXECUTE lookup('" + id + "')")) {
					while (lines.next()) {
						plan.add(lines.getString(1));
					}
				}
			}
			assertThat(plan).noneMatch(line -> line.contains("Subplans Removed"))
				.filteredOn(line -> line.contains(" on post"))
				.extracting(line -> line.replaceAll(".* on (\\w+) .*", "$1"))
				.containsExactlyInAnyOrder("post_p202605", "post_tag_p202605");
		}
	}

	/**
	 * Tables of one piece, with rows of January and May and a comment, stop startup with a script;
	 * it is the page's, and after it the application starts with its rows where they were.
	 */
	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theScriptStartupPrintsConvertsTablesWithRows(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		SettableClock clock = new SettableClock(Instant.parse("2026-01-20T08:00:00Z"));
		String january;
		try (ConfigurableApplicationContext whole = start(database, dataSource, clock, "spring.jpa.hibernate.ddl-auto=create")) {
			january = whole.getBean(PostRepository.class).insert(new Post("january", "old")).entity().getId();
			clock.set(MAY);
			Post may = whole.getBean(PostRepository.class).insert(new Post("may", "new")).entity();
			whole.getBean(CommentRepository.class).save(new Comment(may, "a comment"));
		}
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(() -> start(database, dataSource, clock,
				"spring.config.import=classpath:config/partitions.yml", "spring.jpa.hibernate.ddl-auto=validate")));
		String printed = analysis.getAction().lines().skip(1).takeWhile(line -> !line.startsWith("Or remove"))
			.reduce("", (all, line) -> all + line + "\n");
		String page = read("sql/partition-migration-" + database.label() + ".sql").replaceAll("(?m)^-- .*\n", "");
		assertThat(printed).isEqualTo(page);
		// as psql -f and the mariadb client run it: one session, PostgreSQL's in one transaction
		try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
			if (database == Database.POSTGRESQL) {
				sql.execute(page);
			}
			else {
				for (String statement : page.split(";\n")) {
					if (!statement.isBlank()) {
						sql.execute(statement);
					}
				}
			}
		}
		try (ConfigurableApplicationContext partitioned = start(database, dataSource, clock,
				"spring.config.import=classpath:config/partitions.yml", "spring.jpa.hibernate.ddl-auto=validate")) {
			assertThat(partitioned.getBean(PostRepository.class).findById(january).orElseThrow().getTags())
				.containsExactly("old");
			assertThat(partitioned.getBean(CommentRepository.class).count()).isOne();
			assertThat(partitioned.getBean(PartitionMaintainer.class).partitions().get("post"))
				.extracting(partition -> partition.name())
				.contains((database == Database.POSTGRESQL) ? "post_legacy" : "plegacy");
		}
	}

	private static ConfigurableApplicationContext start(Database database, DataSource dataSource, SettableClock clock,
			String... properties) {
		Map<String, Object> defaults = new LinkedHashMap<>();
		if (database == Database.MARIADB) {
			defaults.put("spring.jpa.properties.hibernate.dialect", "org.hibernate.dialect.MariaDBDialect");
		}
		return new SpringApplicationBuilder(PartitionsApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory().registerSingleton("clock", clock);
			})
			.properties(defaults)
			.properties(properties)
			.run();
	}

	private static String read(String resource) throws IOException {
		return new ClassPathResource(resource).getContentAsString(StandardCharsets.UTF_8);
	}

}
