package io.github.timesortedid.actuate;

import java.util.concurrent.TimeUnit;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.fixtures.blog.BlogApplication;
import io.github.timesortedid.autoconfigure.fixtures.blog.Member;
import io.github.timesortedid.autoconfigure.fixtures.blog.Tweet;
import io.github.timesortedid.autoconfigure.fixtures.blog.TweetRepository;
import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.metrics.TimeSortedIdMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The {@code timesortedid} endpoint and the {@code nodeLease} health indicator in an application
 * with Actuator, and their absence without it.
 */
class TimeSortedIdActuatorTests {

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(BlogApplication.class).web(WebApplicationType.NONE)
			.properties("spring.datasource.generate-unique-name=true", "spring.jmx.enabled=true",
					"management.endpoints.jmx.exposure.include=health,timesortedid",
					"spring.jmx.unique-names=true", "management.endpoint.health.probes.enabled=true",
					"management.endpoint.health.show-details=always")
			.properties(properties)
			.run();
	}

	@Test
	void theEndpointListsEveryAttributeAndDecodesAnyId() {
		try (ConfigurableApplicationContext context = start("time-sorted-id.snowflake.node-id=5")) {
			TimeSortedIdEndpoint endpoint = context.getBean(TimeSortedIdEndpoint.class);
			context.getBean(TweetRepository.class).save(new Tweet());
			TimeSortedIdEndpoint.TimeSortedIdsDescriptor description = endpoint.describe();
			assertThat(description.defaultAlgorithm()).isEqualTo("uuidv7");
			assertThat(description.lease()).isNull();
			assertThat(description.attributes())
				.anySatisfy(attribute -> {
					assertThat(attribute.entity()).isEqualTo("Member");
					assertThat(attribute.attribute()).isEqualTo("id");
					assertThat(attribute.identifier()).isTrue();
					assertThat(attribute.algorithm()).isEqualTo("uuidv7");
					assertThat(attribute.format()).isEqualTo("uuidv7 (base32)");
					assertThat(attribute.prefix()).isEqualTo("mbr");
					assertThat(attribute.storage()).isEqualTo("text");
					assertThat(attribute.column()).isEqualTo("member.id");
					assertThat(attribute.length()).isEqualTo(30);
				})
				.anySatisfy(attribute -> {
					assertThat(attribute.entity()).isEqualTo("Tweet");
					assertThat(attribute.algorithm()).isEqualTo("snowflake");
					assertThat(attribute.javaType()).isEqualTo(Long.class.getName());
					assertThat(attribute.storage()).isEqualTo("binary"); // a bigint
					assertThat(attribute.generated()).isEqualTo(1);
				})
				.anySatisfy(attribute -> {
					assertThat(attribute.entity()).isEqualTo("Post");
					assertThat(attribute.attribute()).isEqualTo("shareCode");
					assertThat(attribute.identifier()).isFalse();
					assertThat(attribute.algorithm()).isEqualTo("random");
				});

			String id = context.getBean(TimeSortedIds.class).next(Member.class);
			TimeSortedIdEndpoint.DecodedId decoded = endpoint.decode(id);
			assertThat(decoded.entity()).isEqualTo("Member");
			assertThat(decoded.prefix()).isEqualTo("mbr");
			assertThat(decoded.algorithm()).isEqualTo("uuidv7");
			assertThat(decoded.createdAt()).isNotNull();
			assertThat(decoded.segments()).extracting(IdSegment::name)
				.containsExactly("unix_ts_ms", "ver", "rand_a", "var", "rand_b");
			assertThatExceptionOfType(InvalidEndpointRequestException.class).isThrownBy(() -> endpoint.decode("mbr_nonsense"))
				.withMessageContaining("26 characters");
		}
	}

	@Test
	void theLeaseIsHealthyWhileHeldAndDownAndOutOfReadinessOnceAnotherInstanceTakesIt() {
		try (ConfigurableApplicationContext context = start("time-sorted-id.snowflake.node-id=auto",
				"time-sorted-id.node-lease.ttl=2s", "time-sorted-id.node-lease.heartbeat=300ms")) {
			NodeLease lease = context.getBean(NodeLease.class);
			HealthEndpoint health = context.getBean(HealthEndpoint.class);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(context.getBean("nodeLeaseHealthIndicator")).isInstanceOf(HealthIndicator.class);
			await().atMost(5, TimeUnit.SECONDS).until(() -> lease.renewals() >= 2);
			IndicatedHealthDescriptor up = (IndicatedHealthDescriptor) health.healthForPath("nodeLease");
			assertThat(up.getStatus()).isEqualTo(Status.UP);
			assertThat(up.getDetails()).containsEntry("node", lease.nodeId()).containsKeys("validFor", "renewals");
			assertThat(health.healthForPath("readiness").getStatus()).isEqualTo(Status.UP);
			assertThat(context.getBean(TimeSortedIdEndpoint.class).describe().lease().node()).isEqualTo(lease.nodeId());
			assertThat(counter(meters, TimeSortedIdMetrics.LEASE_ACQUISITIONS)).isEqualTo(1);
			assertThat(meters.get(TimeSortedIdMetrics.LEASE_RENEWALS).tag("outcome", "success").functionCounter().count())
				.isGreaterThanOrEqualTo(2);
			assertThat(counter(meters, TimeSortedIdMetrics.LEASE_LOSSES)).isZero();

			// another instance takes the node over, as one would after this one's lease had expired
			new JdbcTemplate(context.getBean(javax.sql.DataSource.class)).update(
					"update time_sorted_id_node_lease set owner = 'another-instance' where node_id = ?", lease.nodeId());
			await().atMost(5, TimeUnit.SECONDS).until(lease::isLost);
			IndicatedHealthDescriptor down = (IndicatedHealthDescriptor) health.healthForPath("nodeLease");
			assertThat(down.getStatus()).isEqualTo(Status.DOWN);
			assertThat(down.getDetails()).hasEntrySatisfying("reason", reason -> assertThat((String) reason).startsWith(
					"The lease of node " + lease.nodeId() + " in table time_sorted_id_node_lease was taken over by another instance"));
			assertThat(health.healthForPath("readiness").getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.healthForPath("liveness").getStatus()).isEqualTo(Status.UP);
			assertThat(counter(meters, TimeSortedIdMetrics.LEASE_LOSSES)).isEqualTo(1);
			assertThat(meters.get(TimeSortedIdMetrics.LEASE_VALID).gauge().value()).isZero();
		}
	}

	@Test
	void withoutActuatorOrExposureThereIsNoEndpointAndWithoutALeaseNoIndicator() {
		ApplicationContextRunner runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(TimeSortedIdAutoConfiguration.class,
					TimeSortedIdActuatorAutoConfiguration.class))
			.withPropertyValues("spring.jmx.enabled=true", "management.endpoints.jmx.exposure.include=timesortedid");
		runner.run(context -> {
			assertThat(context).hasSingleBean(TimeSortedIdEndpoint.class);
			assertThat(context).doesNotHaveBean(NodeLeaseHealthIndicator.class);
			assertThat(context).doesNotHaveBean("nodeLeaseHealthIndicator");
		});
		runner.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run(context -> assertThat(context).doesNotHaveBean(TimeSortedIdEndpoint.class));
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(TimeSortedIdAutoConfiguration.class,
					TimeSortedIdActuatorAutoConfiguration.class))
			.run(context -> assertThat(context).doesNotHaveBean(TimeSortedIdEndpoint.class));
	}

	private static double counter(MeterRegistry meters, String name) {
		return meters.get(name).functionCounter().count();
	}

}
