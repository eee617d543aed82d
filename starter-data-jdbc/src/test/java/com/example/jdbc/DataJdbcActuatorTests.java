package com.example.jdbc;

import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.timesortedid.actuate.TimeSortedIdEndpoint;
import io.github.timesortedid.actuate.TimeSortedIdEndpoint.AttributeDescriptor;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.metrics.TimeSortedIdMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * The {@code timesortedid} endpoint, the {@code nodeLease} health indicator and the insert metrics in
 * an application with nothing but this starter and Actuator: the aggregates' attributes listed with
 * their tables and columns from Spring Data JDBC's mapping, the outcomes of {@code insert()} counted.
 */
class DataJdbcActuatorTests {

	private static ConfigurableApplicationContext app;

	@BeforeAll
	static void startApp() {
		app = start(new String[0]);
	}

	@AfterAll
	static void stop() {
		app.close();
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(JdbcApplication.class).web(WebApplicationType.NONE)
			.profiles("tickets")
			.properties("spring.datasource.generate-unique-name=true", "spring.jmx.enabled=true",
					"spring.jmx.unique-names=true", "management.endpoints.jmx.exposure.include=health,timesortedid",
					"management.endpoint.health.probes.enabled=true", "management.endpoint.health.show-details=always")
			.properties(properties)
			.run();
	}

	@Test
	void theEndpointListsTheAggregatesAttributesWithTheirColumns() {
		TimeSortedIdEndpoint endpoint = app.getBean(TimeSortedIdEndpoint.class);
		Ticket saved = app.getBean(TicketRepository.class).save(new Ticket("Mouse drifts", "cleaned it"));
		assertThat(endpoint.describe().attributes()).extracting(AttributeDescriptor::entity, AttributeDescriptor::attribute,
				AttributeDescriptor::identifier, AttributeDescriptor::prefix, AttributeDescriptor::algorithm,
				AttributeDescriptor::storage, AttributeDescriptor::column)
			.containsExactlyInAnyOrder(
					tuple("Ticket", "id", true, "tkt", "uuidv7", "text", "ticket.id"),
					tuple("TicketLine", "id", true, "line", "uuidv7", "text",
							"ticket_line.id"));
		assertThat(endpoint.describe().attributes()).filteredOn(attribute -> attribute.entity().equals("Ticket"))
			.singleElement()
			.satisfies(attribute -> {
				assertThat(attribute.javaType()).isEqualTo(TicketId.class.getName());
				assertThat(attribute.generated()).isPositive();
			});
		TimeSortedIdEndpoint.DecodedId decoded = endpoint.decode(saved.getLines().get(0).getId());
		assertThat(decoded.entity()).isEqualTo("TicketLine");
		assertThat(decoded.createdAt()).isNotNull();
	}

	@Test
	void insertOutcomesAreCountedByAggregate() {
		MeterRegistry meters = app.getBean(MeterRegistry.class);
		TicketInserts inserts = app.getBean(TicketInserts.class);
		Ticket created = inserts.insert(new Ticket("Monitor hums", "moved it")).entity();
		Ticket replay = new Ticket("Monitor hums", "moved it");
		assertThat(inserts.insert(withIdsOf(created, replay)).alreadyExisted()).isTrue();
		Ticket changed = new Ticket("Monitor buzzes", "moved it");
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> inserts.insert(withIdsOf(created, changed)));
		assertThat(inserts(meters, "created")).isEqualTo(1);
		assertThat(inserts(meters, "already_existed")).isEqualTo(1);
		assertThat(inserts(meters, "conflict")).isEqualTo(1);
		assertThat(meters.get(TimeSortedIdMetrics.INSERT_ATTEMPTS).tag("entity", "Ticket").summary().count())
			.isEqualTo(3);
	}

	@Test
	void theLeaseIsHealthyInReadinessAndDownOnceAnotherInstanceTakesIt() {
		try (ConfigurableApplicationContext context = start("time-sorted-id.snowflake.node-id=auto",
				"time-sorted-id.node-lease.ttl=2s", "time-sorted-id.node-lease.heartbeat=300ms")) {
			NodeLease lease = context.getBean(NodeLease.class);
			HealthEndpoint health = context.getBean(HealthEndpoint.class);
			await().atMost(5, TimeUnit.SECONDS).until(() -> lease.renewals() >= 1);
			IndicatedHealthDescriptor up = (IndicatedHealthDescriptor) health.healthForPath("nodeLease");
			assertThat(up.getStatus()).isEqualTo(Status.UP);
			assertThat(up.getDetails()).containsEntry("node", lease.nodeId());
			assertThat(context.getBean(TimeSortedIdEndpoint.class).describe().lease().node()).isEqualTo(lease.nodeId());
			new JdbcTemplate(context.getBean(DataSource.class)).update(
					"update time_sorted_id_node_lease set owner = 'another-instance' where node_id = ?", lease.nodeId());
			await().atMost(5, TimeUnit.SECONDS).until(lease::isLost);
			assertThat(health.healthForPath("nodeLease").getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.healthForPath("readiness").getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.healthForPath("liveness").getStatus()).isEqualTo(Status.UP);
		}
	}

	private static double inserts(MeterRegistry meters, String outcome) {
		return meters.get(TimeSortedIdMetrics.INSERTS).tags("entity", "Ticket", "outcome", outcome).counter().count();
	}

	/** A replay of a create: the same ticket with the IDs the first attempt gave it and its lines. */
	private static Ticket withIdsOf(Ticket stored, Ticket replay) {
		ReflectionTestUtils.setField(replay, "id", stored.getId());
		for (int i = 0; i < replay.getLines().size(); i++) {
			ReflectionTestUtils.setField(replay.getLines().get(i), "id",
					stored.getLines().get(i).getId());
		}
		return replay;
	}

}
