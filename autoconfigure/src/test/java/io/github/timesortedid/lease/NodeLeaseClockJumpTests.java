package io.github.timesortedid.lease;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint;
import io.github.timesortedid.autoconfigure.fixtures.blog.BlogApplication;
import io.github.timesortedid.autoconfigure.fixtures.blog.Tweet;
import io.github.timesortedid.autoconfigure.fixtures.blog.TweetRepository;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.metrics.TimeSortedIdMetrics;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.CuttableDataSource;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * A wall clock that jumps forward past a lease's reservation (the highest millisecond its holder
 * may use until it renews): IDs follow the clock at once, by a reservation extended on the spot,
 * also for a jump longer than the TTL, and the node's next holder still starts above them. When the
 * reservation cannot be extended, the IDs, the {@code nodeLease} health, the readiness group, the
 * {@code time.sorted.id.lease.valid} gauge and the endpoint all say so, naming the cause.
 */
class NodeLeaseClockJumpTests {

	private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

	private static final Duration TTL = Duration.ofSeconds(10);

	private static final Duration HEARTBEAT = Duration.ofSeconds(5);

	@ParameterizedTest
	@EnumSource(Database.class)
	void idsFollowAClockThatJumpsPastTheReservationAlsoByMoreThanTheTtl(Database database) {
		DataSource dataSource = database.newDatabase();
		SettableClock clock = new SettableClock(START);
		LeaseOptions options = new LeaseOptions(NodeLease.DEFAULT_TABLE, TTL, HEARTBEAT, 0, 1023, clock);
		long last;
		int node;
		try (NodeLease lease = NodeLease.acquire(dataSource, options)) {
			node = lease.nodeId();
			lease.use(clock.millis());
			// past the reservation (the clock plus ttl - ttl/5 = 8 s), long before the next heartbeat
			clock.advance(Duration.ofSeconds(30));
			lease.use(clock.millis());
			assertThat(lease.isValid()).isTrue();
			// further than the TTL
			clock.advance(Duration.ofHours(1));
			last = clock.millis();
			lease.use(last);
			assertThat(lease.isValid()).isTrue();
			assertThat(lease.refusalReason()).isNull();
			assertThat(highWater(dataSource, node)).as(database.label() + ": the reservation in the row").isGreaterThan(last);
		}
		// the next holder of the node, with a clock an hour behind, starts above the jumped IDs
		SettableClock behind = new SettableClock(START);
		try (NodeLease next = NodeLease.acquire(dataSource, new LeaseOptions(NodeLease.DEFAULT_TABLE, TTL, HEARTBEAT, node,
				node, behind))) {
			assertThat(next.highWaterMark()).isGreaterThanOrEqualTo(last);
		}
	}

	@Test
	void anApplicationWhoseClockJumpsKeepsInsertingAndSaysWhyWhenItCannot() {
		CuttableDataSource network = new CuttableDataSource(Database.H2.newDatabase());
		SettableClock clock = new SettableClock(START);
		try (ConfigurableApplicationContext context = start(network, clock)) {
			TweetRepository tweets = context.getBean(TweetRepository.class);
			LongIdAlgorithm snowflake = (LongIdAlgorithm) context.getBean(TimeSortedIdRegistry.class).algorithm("snowflake");
			NodeLease lease = context.getBean(NodeLease.class);
			HealthEndpoint health = context.getBean(HealthEndpoint.class);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			tweets.save(new Tweet());

			clock.advance(Duration.ofSeconds(30));
			// what the health says and what an insert gets must agree, and inserts go on
			Status said = status(health, "nodeLease");
			Tweet afterJump = new Tweet();
			assertThat(catchThrowable(() -> tweets.save(afterJump))).as("an insert while nodeLease said " + said).isNull();
			assertThat(said).isEqualTo(Status.UP);
			assertThat(snowflake.instantOf(afterJump.getId())).isEqualTo(clock.instant());
			assertThat(status(health, "readiness")).isEqualTo(Status.UP);
			assertThat(meters.get(TimeSortedIdMetrics.LEASE_VALID).gauge().value()).isEqualTo(1);

			// now the reservation cannot be extended: the database is out of reach when the clock jumps
			network.cut();
			clock.advance(Duration.ofSeconds(30));
			TimeSortedIds ids = context.getBean(TimeSortedIds.class);
			String refused = assertThatExceptionOfType(IdGenerationException.class).isThrownBy(() -> ids.next(Tweet.class))
				.actual()
				.getMessage();
			assertThat(refused).contains("The lease of node " + lease.nodeId())
				.contains("this instance's clock reads " + clock.instant() + ", past")
				.contains("Connection refused (the test cut the network)")
				.doesNotContain("could not be renewed in time");
			IndicatedHealthDescriptor down = (IndicatedHealthDescriptor) health.healthForPath("nodeLease");
			assertThat(down.getStatus()).isEqualTo(Status.DOWN);
			assertThat(down.getDetails()).containsEntry("reason", refused);
			assertThat(status(health, "readiness")).isEqualTo(Status.DOWN);
			assertThat(meters.get(TimeSortedIdMetrics.LEASE_VALID).gauge().value()).isZero();
			assertThat(context.getBean(TimeSortedIdEndpoint.class).describe().lease().valid()).isFalse();

			// the database back: the reservation is extended and IDs resume
			network.restore();
			await().atMost(10, TimeUnit.SECONDS).until(() -> catchThrowable(() -> tweets.save(new Tweet())) == null);
			assertThat(status(health, "nodeLease")).isEqualTo(Status.UP);
			assertThat(status(health, "readiness")).isEqualTo(Status.UP);
			assertThat(meters.get(TimeSortedIdMetrics.LEASE_VALID).gauge().value()).isEqualTo(1);
		}
	}

	private static ConfigurableApplicationContext start(DataSource dataSource, SettableClock clock) {
		return new SpringApplicationBuilder(BlogApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory().registerSingleton("clock", clock);
			})
			.properties("time-sorted-id.snowflake.node-id=auto", "time-sorted-id.node-lease.ttl=" + TTL.toSeconds() + "s",
					"time-sorted-id.node-lease.heartbeat=" + HEARTBEAT.toSeconds() + "s", "spring.jmx.enabled=true",
					"spring.jmx.unique-names=true", "management.endpoints.jmx.exposure.include=health,timesortedid",
					"management.endpoint.health.probes.enabled=true", "management.endpoint.health.show-details=always")
			.run();
	}

	private static Status status(HealthEndpoint health, String path) {
		return health.healthForPath(path).getStatus();
	}

	private static long highWater(DataSource dataSource, int node) {
		return new JdbcTemplate(dataSource).queryForObject(
				"SELECT high_water FROM " + NodeLease.DEFAULT_TABLE + " WHERE node_id = ?", Long.class, node);
	}

}
