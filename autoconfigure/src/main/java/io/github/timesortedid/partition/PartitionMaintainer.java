package io.github.timesortedid.partition;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;

import javax.sql.DataSource;

import io.github.timesortedid.partitioning.Partition;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Runs the {@link PartitionMaintenance} of the application's partitioned tables: once when the
 * application starts, before the web server takes requests, then with a fixed delay on a
 * {@link TaskScheduler}. Each run takes a connection of its own from the {@link DataSource} for
 * the run's lock; an instance that finds another one running skips its turn. A failure is
 * logged and reported to the {@link PartitionObserver}s, and never reaches the application:
 * inserts go on, into the default partition if theirs is missing, until a later run moves them.
 */
public final class PartitionMaintainer implements SmartLifecycle, DisposableBean {

	/** Before the web server starts ({@code DEFAULT_PHASE - 1024}), so that partitions exist when requests come. */
	static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 2048;

	private static final Log logger = LogFactory.getLog(PartitionMaintainer.class);

	private final PartitionMaintenance maintenance;

	private final DataSource dataSource;

	private final Clock clock;

	private final Duration period;

	private final Duration lockTimeout;

	private final TaskScheduler scheduler;

	private final @Nullable ThreadPoolTaskScheduler ownScheduler;

	private final PartitionObserver observer;

	private volatile @Nullable ScheduledFuture<?> scheduled;

	PartitionMaintainer(PartitionMaintenance maintenance, DataSource dataSource, Clock clock, Duration period,
			Duration lockTimeout, TaskScheduler scheduler, @Nullable ThreadPoolTaskScheduler ownScheduler,
			PartitionObserver observer) {
		this.maintenance = maintenance;
		this.dataSource = dataSource;
		this.clock = clock;
		this.period = period;
		this.lockTimeout = lockTimeout;
		this.scheduler = scheduler;
		this.ownScheduler = ownScheduler;
		this.observer = observer;
	}

	/**
	 * Runs the maintenance now, on the calling thread, unless another session runs it.
	 * @return what the run did; a run that could not start has one failure for the table {@code *}
	 */
	public PartitionMaintenance.Run maintain() {
		PartitionMaintenance.Run run;
		try (Connection connection = this.dataSource.getConnection()) {
			run = this.maintenance.run(connection, this.clock.instant(), this.lockTimeout);
		}
		catch (SQLException | RuntimeException ex) {
			logger.warn("time-sorted-id partitions: the maintenance could not run; it is tried again in " + this.period, ex);
			run = new PartitionMaintenance.Run(true, List.of(),
					List.of(new PartitionMaintenance.Failure("*", ex)));
		}
		if (!run.ran()) {
			logger.debug("time-sorted-id partitions: another session runs the maintenance; skipped");
		}
		try {
			this.observer.completed(run);
		}
		catch (RuntimeException ex) {
			logger.warn("time-sorted-id partitions: an observer of the maintenance failed", ex);
		}
		return run;
	}

	/**
	 * Lists the partitions of every partitioned table, as the database's catalog has them now.
	 * @return the partitions by table, the dependents' included
	 * @throws SQLException if the catalog cannot be read
	 */
	public Map<String, List<Partition>> partitions() throws SQLException {
		try (Connection connection = this.dataSource.getConnection()) {
			return this.maintenance.partitions(connection);
		}
	}

	/**
	 * Returns the maintenance of the partitioned tables.
	 * @return the maintenance
	 */
	public PartitionMaintenance maintenance() {
		return this.maintenance;
	}

	@Override
	public void start() {
		maintain();
		// the scheduler's own clock: the application's may be one that tests set to another day
		this.scheduled = this.scheduler.scheduleWithFixedDelay(this::maintain,
				this.scheduler.getClock().instant().plus(this.period), this.period);
	}

	@Override
	public void stop() {
		ScheduledFuture<?> future = this.scheduled;
		if (future != null) {
			future.cancel(false);
			this.scheduled = null;
		}
	}

	@Override
	public void destroy() {
		if (this.ownScheduler != null) {
			this.ownScheduler.shutdown();
		}
	}

	@Override
	public boolean isRunning() {
		return this.scheduled != null;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
