package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.timesortedid.actuate.TimeSortedIdEndpoint;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.OrderLine;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrderRepository;
import io.github.timesortedid.testsupport.Database;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What pg_partman's users watch, here: the rows in each default partition (pg_partman's
 * {@code check_default()}) as a gauge after each run and on the endpoint, and the statistics of
 * the partitions rows were moved into, which the run brings up to date with {@code ANALYZE}.
 */
class PartitionMonitoringTests {

	private static final Instant MARCH = Instant.parse("2026-03-15T10:00:00Z");

	/** The name of the gauge, as a user's dashboard would write it. */
	private static final String DEFAULT_ROWS = "time.sorted.id.partition.default.rows";

	/** The endpoint, exposed over JMX, since these applications have no web server. */
	private static final Map<String, Object> ENDPOINT = Map.of("spring.jmx.enabled", "true", "spring.jmx.unique-names",
			"true", "management.endpoints.jmx.exposure.include", "timesortedid");

	@Test
	void theRowsLeftInEachDefaultPartitionAreAGaugeAndOnTheEndpoint() throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(Database.POSTGRESQL, MARCH, ENDPOINT)) {
			MeterRegistry meters = blog.bean(MeterRegistry.class);
			assertThat(meters.get(DEFAULT_ROWS).tag("table", "post").gauge().value()).isZero();
			assertThat(meters.get(DEFAULT_ROWS).tag("table", "post_tag").gauge().value()).isZero();
			// August's partition cannot be made, so its posts stay in the default partition
			blog.jdbc.execute("CREATE TABLE post_p202608 (x int)");
			blog.clock.set(Instant.parse("2026-08-10T00:00:00Z"));
			blog.bean(PostRepository.class).insert(new Post("one", "a", "b"));
			blog.bean(PostRepository.class).insert(new Post("two", "c"));
			assertThat(blog.maintainer().maintain().failures()).isNotEmpty();
			assertThat(meters.get(DEFAULT_ROWS).tag("table", "post").gauge().value()).isEqualTo(2);
			assertThat(meters.get(DEFAULT_ROWS).tag("table", "post_tag").gauge().value()).isEqualTo(3);
			assertThat(defaultRows(blog)).containsEntry("post", "2").containsEntry("post_tag", "3");

			blog.jdbc.execute("DROP TABLE post_p202608");
			assertThat(blog.maintainer().maintain().failures()).isEmpty();
			assertThat(meters.get(DEFAULT_ROWS).tag("table", "post").gauge().value()).isZero();
			assertThat(defaultRows(blog)).containsEntry("post", "0").containsEntry("post_tag", "0");
		}
	}

	@Test
	void onMariaDbTheLastPartitionIsTheDefaultOne() throws Exception {
		try (PartitionsContext blog = PartitionsContext.start(Database.MARIADB, MARCH, ENDPOINT)) {
			blog.clock.set(Instant.parse("2027-03-10T00:00:00Z"));
			blog.bean(PostRepository.class).insert(new Post("a year on", "a"));
			assertThat(blog.partitionOf("post", "id", blog.jdbc.queryForObject("SELECT id FROM post", String.class)))
				.isEqualTo("pmax");
			assertThat(defaultRows(blog)).containsEntry("post", "1").containsEntry("post_tag", "1");
		}
	}

	@Test
	void thePartitionsRowsWereMovedIntoAreAnalyzed() throws Exception {
		try (PartitionsContext shop = PartitionsContext.shop(Database.POSTGRESQL, MARCH, Map.of())) {
			shop.clock.set(Instant.parse("2026-09-02T08:00:00Z"));
			for (int i = 0; i < 3; i++) {
				shop.bean(PurchaseOrderRepository.class).insert(new PurchaseOrder("ada", new OrderLine("tea", 1, 450)));
			}
			assertThat(shop.maintainer().maintain().failures()).isEmpty();
			assertThat(shop.jdbc.queryForList("SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL "
					+ "ORDER BY relname", String.class)).containsExactly("order_line_p202609", "purchase_order_p202609");
			assertThat(shop.maintainer().partitions().get("purchase_order"))
				.filteredOn(partition -> partition.name().equals("purchase_order_p202609"))
				.singleElement()
				.satisfies(partition -> assertThat(partition.estimatedRows()).isEqualTo(3));
		}
	}

	/** The rows in the default partition of each table, as the endpoint's JSON shows them. */
	private static Map<String, String> defaultRows(PartitionsContext context) {
		Map<String, String> rows = new LinkedHashMap<>();
		for (JsonNode table : new ObjectMapper().valueToTree(context.bean(TimeSortedIdEndpoint.class).describe())
			.get("partitions")) {
			rows.put(table.get("table").asString(), table.path("defaultRows").asString("missing"));
		}
		return rows;
	}

}
