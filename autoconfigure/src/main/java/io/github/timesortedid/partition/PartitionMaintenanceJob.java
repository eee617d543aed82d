package io.github.timesortedid.partition;

import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.timesortedid.partitioning.PartitionMaintenance;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;

/**
 * The application run as a scheduled job ({@code time-sorted-id.partition-maintenance.run-once}):
 * once the run at startup is over, before any other runner of the application, closes the
 * application if it succeeded, so that its {@code main} returns and the JVM exits with status 0,
 * and otherwise fails its startup with a {@link PartitionMaintenanceException}, whose exit code
 * Spring Boot gives the JVM.
 */
final class PartitionMaintenanceJob implements ApplicationRunner, Ordered {

	private static final Log logger = LogFactory.getLog(PartitionMaintenanceJob.class);

	private final Supplier<@Nullable PartitionMaintainer> maintainer;

	private final ConfigurableApplicationContext context;

	PartitionMaintenanceJob(Supplier<@Nullable PartitionMaintainer> maintainer, ConfigurableApplicationContext context) {
		this.maintainer = maintainer;
		this.context = context;
	}

	@Override
	public void run(ApplicationArguments args) {
		PartitionMaintainer maintainer = this.maintainer.get();
		if (maintainer == null) {
			logger.info("time-sorted-id partitions: no table is partitioned on this database; the application exits");
			SpringApplication.exit(this.context);
			return;
		}
		PartitionMaintenance.Run run = maintainer.lastRun();
		if (run == null) {
			throw new PartitionMaintenanceException(PartitionMaintenanceException.SKIPPED,
					"The partition maintenance did not run: another session holds its lock");
		}
		if (!run.succeeded()) {
			throw new PartitionMaintenanceException(PartitionMaintenanceException.FAILED, "The partition maintenance failed: "
					+ run.failures().stream().map(failure -> failure.table() + " (" + failure.cause().getMessage() + ")")
						.collect(Collectors.joining(", ")));
		}
		logger.info("time-sorted-id partitions: the maintenance ran once (" + run.statements().size()
				+ " statements); the application exits");
		SpringApplication.exit(this.context);
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
