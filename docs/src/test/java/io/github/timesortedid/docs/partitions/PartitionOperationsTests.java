package io.github.timesortedid.docs.partitions;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.partitions.PartitionsApplication;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.Payment;
import io.github.timesortedid.autoconfigure.fixtures.shop.PaymentRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.shop.PurchaseOrderRepository;
import io.github.timesortedid.autoconfigure.fixtures.shop.ShopApplication;
import io.github.timesortedid.partition.PartitionMaintainer;
import io.github.timesortedid.partition.PartitionMaintenanceException;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The page's operations of the maintenance, run as it shows them on PostgreSQL: the Kubernetes
 * CronJob's arguments, which run the maintenance once and end the application, the archive schema
 * that detached partitions go to, and the shop's orders and payments, which leave together.
 */
class PartitionOperationsTests {

	@Test
	void theCronJobsArgumentsRunTheMaintenanceOnceAndEndTheApplication() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		List<String> args = new ArrayList<>(cronJobArguments());
		args.add("--spring.jpa.hibernate.ddl-auto=create");
		ConfigurableApplicationContext job = start(dataSource, new SettableClock(Instant.parse("2026-05-04T09:00:00Z")),
				args);
		assertThat(job.isActive()).as("the application ended").isFalse();
		assertThat(new JdbcTemplate(dataSource).queryForList("SELECT c.relname FROM pg_inherits i JOIN pg_class c "
				+ "ON c.oid = i.inhrelid WHERE i.inhparent = 'post'::regclass ORDER BY 1", String.class))
			.containsExactly("post_default", "post_p202605", "post_p202606", "post_p202607", "post_p202608", "post_p202609");

		// another session holds the lock: the job says so with its exit code
		try (Connection holder = dataSource.getConnection(); Statement statement = holder.createStatement()) {
			statement.execute("SELECT pg_advisory_lock(" + 0x7473_6964_7061_7274L + ")");
			Throwable failure = catchThrowable(() -> start(dataSource, new SettableClock(Instant.now()), cronJobArguments()));
			while (failure != null && !(failure instanceof PartitionMaintenanceException)) {
				failure = failure.getCause();
			}
			assertThat(failure).isInstanceOfSatisfying(PartitionMaintenanceException.class,
					skipped -> assertThat(skipped.getExitCode()).isEqualTo(2));
		}
	}

	@Test
	void detachedPartitionsGoToTheArchiveSchema() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		SettableClock clock = new SettableClock(Instant.parse("2026-01-20T08:00:00Z"));
		try (ConfigurableApplicationContext blog = start(dataSource, clock,
				List.of("--spring.config.import=classpath:config/partitions.yml,classpath:config/partitions-archive.yml",
						"--spring.jpa.hibernate.ddl-auto=create", "--spring.main.web-application-type=none"))) {
			String january = blog.getBean(PostRepository.class).insert(new Post("january", "old")).entity().getId();
			clock.set(Instant.parse("2027-03-10T00:00:00Z"));
			assertThat(blog.getBean(PartitionMaintainer.class).maintain().failures()).isEmpty();
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			assertThat(jdbc.queryForObject("SELECT title FROM archive.post_p202601 WHERE id = ?", String.class, january))
				.isEqualTo("january");
			assertThat(jdbc.queryForObject("SELECT tags FROM archive.post_tag_p202601", String.class)).isEqualTo("old");
		}
	}

	/** The shop's orders and payments, kept 400 days each: a month of both leaves in one run. */
	@Test
	void ordersAndThePaymentsThatReferenceThemLeaveInOneRun() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		SettableClock clock = new SettableClock(Instant.parse("2026-01-20T08:00:00Z"));
		try (ConfigurableApplicationContext shop = new SpringApplicationBuilder(ShopApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory().registerSingleton("clock", clock);
			})
			.properties("spring.config.import=classpath:config/partitions-shop.yml", "spring.jpa.hibernate.ddl-auto=create")
			.run()) {
			PurchaseOrder order = shop.getBean(PurchaseOrderRepository.class).insert(new PurchaseOrder("ada")).entity();
			shop.getBean(PaymentRepository.class).insert(new Payment(order, 1200));
			clock.set(Instant.parse("2027-03-10T00:00:00Z"));
			PartitionMaintenance.Run run = shop.getBean(PartitionMaintainer.class).maintain();
			assertThat(run.failures()).isEmpty();
			assertThat(run.statements()).filteredOn(sql -> sql.contains(" detach partition "))
				.containsExactly("alter table payment detach partition payment_p202601",
						"alter table order_line detach partition order_line_p202601",
						"alter table purchase_order detach partition purchase_order_p202601");
		}
	}

	@SuppressWarnings("unchecked")
	private static List<String> cronJobArguments() throws Exception {
		Map<String, Object> cronJob;
		try (var in = new ClassPathResource("kubernetes/partition-maintenance-cronjob.yaml").getInputStream()) {
			cronJob = new Yaml().load(in);
		}
		Map<String, Object> jobSpec = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) cronJob
			.get("spec")).get("jobTemplate")).get("spec");
		Map<String, Object> podSpec = (Map<String, Object>) ((Map<String, Object>) jobSpec.get("template")).get("spec");
		return (List<String>) ((List<Map<String, Object>>) podSpec.get("containers")).get(0).get("args");
	}

	private static ConfigurableApplicationContext start(DataSource dataSource, SettableClock clock, List<String> args) {
		return new SpringApplicationBuilder(PartitionsApplication.class)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory().registerSingleton("clock", clock);
			})
			.properties("spring.config.import=classpath:config/partitions.yml")
			.run(args.toArray(String[]::new));
	}

}
