package io.github.timesortedid.partition;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;

import javax.sql.DataSource;

import io.github.timesortedid.partitioning.Partition;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
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
 * logged, reported to the {@link PartitionObserver}s and kept for each table until a run succeeds
 * for it ({@link #lastFailure(String)}, which the endpoint shows), and never reaches the
 * application: inserts go on, into the default partition if theirs is missing, until a later run
 * moves them. With {@code run-once} it runs at startup and is not scheduled: the application exits
 * after it.
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

	private final boolean once;

	/** The failure of the last run that maintained each table, by the entity's table, until a run succeeds for it. */
	private final Map<String, LastFailure> failures = new ConcurrentHashMap<>();

	private volatile @Nullable ScheduledFuture<?> scheduled;

	private volatile boolean running;

	private volatile PartitionMaintenance.@Nullable Run lastRun;

	PartitionMaintainer(PartitionMaintenance maintenance, DataSource dataSource, Clock clock, Duration period,
			Duration lockTimeout, TaskScheduler scheduler, @Nullable ThreadPoolTaskScheduler ownScheduler,
			PartitionObserver observer, boolean once) {
		this.maintenance = maintenance;
		this.dataSource = dataSource;
		this.clock = clock;
		this.period = period;
		this.lockTimeout = lockTimeout;
		this.scheduler = scheduler;
		this.ownScheduler = ownScheduler;
		this.observer = observer;
		this.once = once;
	}

	/**
	 * Runs the maintenance now, on the calling thread, unless another session runs it.
	 * @return what the run did; a run that could not start has one failure for the table {@code *}
	 */
	public PartitionMaintenance.Run maintain() {
		PartitionMaintenance.Run run;
		Instant now = this.clock.instant();
		try (Connection connection = this.dataSource.getConnection()) {
			run = this.maintenance.run(connection, now, this.lockTimeout);
		}
		catch (SQLException | RuntimeException ex) {
			logger.warn("time-sorted-id partitions: the maintenance could not run; it is tried again in " + this.period, ex);
			run = PartitionMaintenance.Run.failed(ex);
		}
		if (!run.ran()) {
			logger.debug("time-sorted-id partitions: another session runs the maintenance; skipped");
		}
		else {
			remember(run, now);
		}
		try {
			this.observer.completed(run);
		}
		catch (RuntimeException ex) {
			logger.warn("time-sorted-id partitions: an observer of the maintenance failed", ex);
		}
		return run;
	}

	private void remember(PartitionMaintenance.Run run, Instant at) {
		this.lastRun = run;
		Map<String, PartitionMaintenance.Failure> failed = new LinkedHashMap<>();
		run.failures().forEach(failure -> failed.put(failure.table(), failure));
		PartitionMaintenance.Failure all = failed.get("*");
		for (PartitionedTable table : this.maintenance.tables()) {
			PartitionMaintenance.Failure failure = (all != null) ? all : failed.get(table.table());
			if (failure != null) {
				this.failures.put(table.table(), new LastFailure(message(failure.cause()), at));
			}
			else {
				this.failures.remove(table.table());
			}
		}
	}

	private static String message(Throwable cause) {
		return (cause.getMessage() != null) ? cause.getMessage() : cause.getClass().getName();
	}

	/**
	 * Returns why the last run that maintained a table failed, until a run succeeds for it: the
	 * failure of the table, or of the whole run (the lock, the connection).
	 * @param table an entity's table, e.g. {@code post}; its dependents share its maintenance
	 * @return the failure, or empty if the last run succeeded for it (or none ran yet)
	 */
	public Optional<LastFailure> lastFailure(String table) {
		return Optional.ofNullable(this.failures.get(table));
	}

	/**
	 * Returns the last run of this instance that ran (skipped runs are not kept).
	 * @return the run, or {@code null} before the first
	 */
	public PartitionMaintenance.@Nullable Run lastRun() {
		return this.lastRun;
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
		this.running = true;
		maintain();
		if (this.once) {
			return; // the application exits after this run (PartitionMaintenanceJob)
		}
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
		this.running = false;
	}

	@Override
	public void destroy() {
		if (this.ownScheduler != null) {
			this.ownScheduler.shutdown();
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	/**
	 * Why the maintenance of a table failed, as the endpoint shows it.
	 *
	 * @param message the failure's message
	 * @param at when the run that failed started
	 */
	public record LastFailure(String message, Instant at) {
	}

}
