package io.github.timesortedid.partition;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.timesortedid.actuate.TimeSortedIdEndpoint;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionedTableDescriptor;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.metrics.TimeSortedIdMetrics;
import io.github.timesortedid.testsupport.CuttableDataSource;
import io.github.timesortedid.testsupport.Database;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Actuator endpoint lists each partitioned table's partitions with their time ranges and row
 * estimates; the maintenance runs again on Spring's scheduler every period, and a run moves rows
 * that landed in the default partition without anyone asking.
 */
class PartitionEndpointAndScheduleTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	@Test
	void theEndpointListsThePartitionsWithTheirTimeRangesAndRowEstimates() {
		try (PartitionsContext blog = PartitionsContext.start(Database.POSTGRESQL, MARCH,
				Map.of("spring.jmx.enabled", "true", "spring.jmx.unique-names", "true",
						"management.endpoints.jmx.exposure.include", "timesortedid"))) {
			PostRepository posts = blog.bean(PostRepository.class);
			for (int i = 0; i < 3; i++) {
				posts.insert(new Post("march " + i, "x"));
			}
			blog.jdbc.execute("ANALYZE post");
			blog.jdbc.execute("ANALYZE post_tag");
			var tables = blog.bean(TimeSortedIdEndpoint.class).describe().partitions();
			assertThat(tables).extracting(PartitionedTableDescriptor::table).containsExactly("post", "post_tag");
			PartitionedTableDescriptor post = tables.get(0);
			assertThat(post.entity()).isEqualTo("Post");
			assertThat(post.dependentOf()).isNull();
			assertThat(post.database()).isEqualTo("PostgreSQL");
			assertThat(post.interval()).isEqualTo("month");
			assertThat(post.premake()).isEqualTo(4);
			assertThat(post.retention()).isNull();
			assertThat(post.error()).isNull();
			assertThat(post.partitions()).hasSize(6).first().satisfies(march -> {
				assertThat(march.name()).isEqualTo("post_p202603");
				assertThat(march.from()).isEqualTo(Instant.parse("2026-03-01T00:00:00Z"));
				assertThat(march.to()).isEqualTo(Instant.parse("2026-04-01T00:00:00Z"));
				assertThat(march.bounds()).startsWith("FOR VALUES FROM ('post_01kjkb3q00e008000000000000') TO (");
				assertThat(march.estimatedRows()).isEqualTo(3);
				assertThat(march.isDefault()).isFalse();
			});
			assertThat(post.partitions()).last().satisfies(last -> {
				assertThat(last.name()).isEqualTo("post_default");
				assertThat(last.isDefault()).isTrue();
				assertThat(last.from()).isNull();
				assertThat(last.to()).isNull();
			});
			assertThat(tables.get(1).dependentOf()).isEqualTo("post");
			assertThat(tables.get(1).partitions().get(0).estimatedRows()).isEqualTo(3);
		}
	}

	/**
	 * A table whose maintenance fails shows the last failure, message and time, on the endpoint (its
	 * dependents too) until a run succeeds for it; a run that cannot start shows on every table.
	 */
	@Test
	void theEndpointShowsTheLastFailureOfEachTableUntilARunSucceedsForIt() throws Exception {
		CuttableDataSource network = new CuttableDataSource(Database.POSTGRESQL.newDatabase());
		try (PartitionsContext blog = new PartitionsContext(Database.POSTGRESQL, network, MARCH,
				Map.of("time-sorted-id.partitions.Reaction.interval", "day", "spring.jmx.enabled", "true",
						"spring.jmx.unique-names", "true", "management.endpoints.jmx.exposure.include", "timesortedid"))) {
			TimeSortedIdEndpoint endpoint = blog.bean(TimeSortedIdEndpoint.class);
			assertThat(failures(endpoint)).containsOnlyKeys("post", "post_tag", "reaction").containsValues("null");
			assertThat(failures(endpoint).values()).containsOnly("null");
			blog.jdbc.execute("CREATE TABLE post_p202608 (x int)");
			blog.clock.set(Instant.parse("2026-04-10T00:00:00Z"));
			blog.maintainer().maintain();
			Map<String, String> failures = failures(endpoint);
			assertThat(failures.get("post")).startsWith("2026-04-10T00:00:00Z ").contains("post_p202608");
			assertThat(failures.get("post_tag")).as("a dependent shows its entity's failure").isEqualTo(failures.get("post"));
			assertThat(failures.get("reaction")).isEqualTo("null");

			blog.clock.set(Instant.parse("2026-04-11T00:00:00Z"));
			blog.maintainer().maintain();
			assertThat(failures(endpoint).get("post")).as("the last run's").startsWith("2026-04-11T00:00:00Z ");

			network.cut();
			blog.maintainer().maintain();
			network.restore();
			assertThat(failures(endpoint)).allSatisfy((table, failure) -> assertThat(failure)
				.isEqualTo("2026-04-11T00:00:00Z Connection refused (the test cut the network)"));

			blog.jdbc.execute("DROP TABLE post_p202608");
			blog.maintainer().maintain();
			assertThat(failures(endpoint).values()).as("after a run that succeeded").containsOnly("null");
		}
	}

	/** The failure of each table as the endpoint's JSON shows it: {@code at message}, or {@code null}. */
	private static Map<String, String> failures(TimeSortedIdEndpoint endpoint) {
		Map<String, String> failures = new LinkedHashMap<>();
		for (JsonNode table : new ObjectMapper().valueToTree(endpoint.describe()).get("partitions")) {
			JsonNode failure = table.path("failure");
			failures.put(table.get("table").asString(), failure.isObject()
					? failure.get("at").asString() + " " + failure.get("message").asString()
					: failure.isNull() ? "null" : "missing");
		}
		return failures;
	}

	@Test
	void theScheduleMovesRowsOutOfTheDefaultPartitionWithoutBeingAsked() throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(Database.POSTGRESQL, MARCH,
				Map.of("time-sorted-id.partition-maintenance.period", "200ms"))) {
			MeterRegistry meters = blog.bean(MeterRegistry.class);
			blog.clock.set(Instant.parse("2026-09-02T00:00:00Z"));
			String september = blog.bean(PostRepository.class).insert(new Post("september")).entity().getId();
			await().atMost(Duration.ofSeconds(20))
				.untilAsserted(() -> assertThat(blog.partitionOf("post", "id", september)).isEqualTo("post_p202609"));
			// the startup run and the scheduled one that moved the row (counted once it has returned)
			await().atMost(Duration.ofSeconds(5))
				.untilAsserted(() -> assertThat(meters.get(TimeSortedIdMetrics.PARTITION_MAINTENANCE)
					.tag("outcome", "success")
					.counter()
					.count()).isGreaterThanOrEqualTo(2));
		}
	}

}
