package io.github.timesortedid.metrics;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint;
import io.github.timesortedid.autoconfigure.fixtures.blog.BlogApplication;
import io.github.timesortedid.autoconfigure.fixtures.blog.Member;
import io.github.timesortedid.autoconfigure.fixtures.blog.MemberRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.Tweet;
import io.github.timesortedid.autoconfigure.fixtures.blog.TweetRepository;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.testsupport.SettableClock;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * Each meter of the guide's table, read from the application's {@link MeterRegistry} after the
 * application did what the meter counts: made IDs, inserted (new, replayed, conflicting, failing,
 * retried), met a clock that stepped back, and spent 4096 snowflake IDs in one millisecond.
 */
class TimeSortedIdMetricsTests {

	private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

	private static ConfigurableApplicationContext start(SettableClock clock, String... properties) {
		return new SpringApplicationBuilder(BlogApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> context.getBeanFactory().registerSingleton("clock", clock))
			.properties("spring.datasource.generate-unique-name=true", "time-sorted-id.snowflake.node-id=7",
					"time-sorted-id.insert.attempt-timeout=1s")
			.properties(properties)
			.run();
	}

	@Test
	void countsIdsByEntityAndAlgorithmAndInsertsByOutcomeWithTheirAttempts() throws Exception {
		SettableClock clock = new SettableClock(START);
		try (ConfigurableApplicationContext context = start(clock)) {
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters).isInstanceOf(SimpleMeterRegistry.class);
			TweetRepository tweets = context.getBean(TweetRepository.class);
			MemberRepository members = context.getBean(MemberRepository.class);
			for (int i = 0; i < 3; i++) {
				tweets.save(new Tweet());
				clock.advance(Duration.ofMillis(1));
			}
			// the meters must keep reading after a garbage collection, while the application lives
			for (int i = 0; i < 3; i++) {
				System.gc();
			}
			assertThat(generated(meters, "Tweet", "snowflake")).isEqualTo(3);
			// an ID for a given instant (an import's) is not one the generator made from its clock
			context.getBean(TimeSortedIds.class).nextAt(Tweet.class, START.minus(Duration.ofDays(30)));
			assertThat(generated(meters, "Tweet", "snowflake")).as("after nextAt").isEqualTo(3);

			Member ada = new Member("ada@example.com", "Ada");
			assertThat(members.insert(ada).created()).isTrue();
			Member replay = new Member("ada@example.com", "Ada");
			replay.setId(ada.getId());
			assertThat(members.insert(replay).created()).isFalse();
			Member impostor = new Member("eve@example.com", "Eve");
			impostor.setId(ada.getId());
			assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> members.insert(impostor));
			Member sameEmail = new Member("ada@example.com", "Another Ada");
			assertThatExceptionOfType(DataIntegrityViolationException.class).isThrownBy(() -> members.insert(sameEmail));
			// an ID was made for ada and for the member whose email was taken; the others brought theirs
			assertThat(generated(meters, "Member", "uuidv7")).isEqualTo(2);
			assertThat(inserts(meters, "created")).isEqualTo(1);
			assertThat(inserts(meters, "already_existed")).isEqualTo(1);
			assertThat(inserts(meters, "conflict")).isEqualTo(1);
			assertThat(inserts(meters, "failed")).isEqualTo(1);

			// a transaction that died holding a lock on the row's key: the first attempt times out
			Member grace = new Member("grace@example.com", "Grace");
			grace.setId(context.getBean(TimeSortedIds.class).next(Member.class));
			DataSource dataSource = context.getBean(DataSource.class);
			try (Connection orphan = dataSource.getConnection()) {
				orphan.setAutoCommit(false);
				try (PreparedStatement insert = orphan
					.prepareStatement("insert into member (id, email, name, version) values (?, ?, ?, 0)")) {
					insert.setString(1, grace.getId());
					insert.setString(2, "orphan@example.com");
					insert.setString(3, "orphan");
					insert.executeUpdate();
				}
				CompletableFuture<Void> release = CompletableFuture.runAsync(() -> {
					try {
						orphan.rollback();
					}
					catch (Exception ex) {
						throw new IllegalStateException(ex);
					}
				}, CompletableFuture.delayedExecutor(1500, TimeUnit.MILLISECONDS));
				InsertResult<Member> result = members.insert(grace);
				release.join();
				assertThat(result.created()).isTrue();
				assertThat(result.attempts()).isGreaterThan(1);
			}
			assertThat(inserts(meters, "created")).isEqualTo(2);
			DistributionSummary attempts = meters.get(TimeSortedIdMetrics.INSERT_ATTEMPTS).tag("entity", "Member").summary();
			assertThat(attempts.count()).isEqualTo(5);
			assertThat(attempts.max()).isGreaterThan(1);
		}
	}

	@Test
	void countsClockStepsBackOncePerStepAndSnowflakeWaitsWithTheirTime() {
		SettableClock clock = new SettableClock(START);
		try (ConfigurableApplicationContext context = start(clock)) {
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			TimeSortedIds ids = context.getBean(TimeSortedIds.class);
			// 4096 IDs use up one millisecond; the next waits until the clock moves on
			for (int i = 0; i < 4096; i++) {
				ids.next(Tweet.class);
			}
			CompletableFuture<Void> tick = CompletableFuture.runAsync(() -> clock.advance(Duration.ofMillis(1)),
					CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS));
			ids.next(Tweet.class);
			tick.join();
			FunctionTimer waits = meters.get(TimeSortedIdMetrics.WAITS).tag("algorithm", "snowflake").functionTimer();
			assertThat(waits.count()).isEqualTo(1);
			assertThat(waits.totalTime(TimeUnit.MILLISECONDS)).isGreaterThanOrEqualTo(150);

			assertThat(stepsBack(meters, "snowflake")).isZero();
			clock.advance(Duration.ofSeconds(1));
			ids.next(Tweet.class);
			clock.advance(Duration.ofSeconds(-5));
			for (int i = 0; i < 10; i++) {
				ids.next(Tweet.class);
				clock.advance(Duration.ofMillis(100));
			}
			// ten IDs while the clock was behind, one step back
			assertThat(stepsBack(meters, "snowflake")).isEqualTo(1);
			clock.advance(Duration.ofSeconds(10));
			ids.next(Tweet.class);
			clock.advance(Duration.ofSeconds(-2));
			ids.next(Tweet.class);
			assertThat(stepsBack(meters, "snowflake")).isEqualTo(2);
			assertThat(generated(meters, "Tweet", "snowflake")).isEqualTo(4096 + 1 + 1 + 10 + 2);
			// the uuidv7 generator has its own clock readings and saw no step
			assertThat(stepsBack(meters, "uuidv7")).isZero();
		}
	}

	@Test
	void idsARefusingGeneratorDidNotMakeAreNotCountedAsMade() throws Exception {
		SettableClock clock = new SettableClock(START);
		try (ConfigurableApplicationContext context = start(clock, "time-sorted-id.snowflake.node-id=auto",
				"time-sorted-id.node-lease.ttl=2s", "time-sorted-id.node-lease.heartbeat=300ms", "spring.jmx.enabled=true",
				"spring.jmx.unique-names=true", "management.endpoints.jmx.exposure.include=timesortedid")) {
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			TweetRepository tweets = context.getBean(TweetRepository.class);
			NodeLease lease = context.getBean(NodeLease.class);
			tweets.save(new Tweet());
			// another instance takes the node: every later ID is refused
			new JdbcTemplate(context.getBean(DataSource.class))
				.update("update time_sorted_id_node_lease set owner = 'another-instance' where node_id = ?", lease.nodeId());
			await().atMost(5, TimeUnit.SECONDS).until(lease::isLost);
			for (int i = 0; i < 100; i++) {
				clock.advance(Duration.ofMillis(1));
				assertThat(catchThrowable(() -> tweets.save(new Tweet()))).hasRootCauseInstanceOf(IdGenerationException.class);
			}
			assertThat(generated(meters, "Tweet", "snowflake")).as("IDs made").isEqualTo(1);
			assertThat(context.getBean(TimeSortedIdEndpoint.class).describe().attributes())
				.filteredOn(attribute -> attribute.entity().equals("Tweet"))
				.singleElement()
				.satisfies(tweet -> {
					assertThat(tweet.generated()).isEqualTo(1);
					assertThat(tweet.refused()).isEqualTo(100);
				});
			assertThat(meters.get(TimeSortedIdMetrics.REFUSED).tags("entity", "Tweet", "algorithm", "snowflake")
				.functionCounter()
				.count()).as("IDs refused").isEqualTo(100);
		}
	}

	private static double generated(MeterRegistry meters, String entity, String algorithm) {
		return meters.get(TimeSortedIdMetrics.GENERATED).tags("entity", entity, "algorithm", algorithm).functionCounter()
			.count();
	}

	private static double inserts(MeterRegistry meters, String outcome) {
		return meters.get(TimeSortedIdMetrics.INSERTS).tags("entity", "Member", "outcome", outcome).counter().count();
	}

	private static double stepsBack(MeterRegistry meters, String algorithm) {
		return meters.get(TimeSortedIdMetrics.CLOCK_STEPS_BACK).tag("algorithm", algorithm).functionCounter().count();
	}

}
