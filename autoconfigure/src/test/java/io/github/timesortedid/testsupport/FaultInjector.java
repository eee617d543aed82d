package io.github.timesortedid.testsupport;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

/**
 * Breaks JDBC the way networks do, through datasource-proxy, between a pool and the driver:
 * <ul>
 * <li>{@link Fault#LOST_COMMIT}: the database commits, then the connection dies before the client
 * hears so; the application gets an exception for a transaction that is durable.</li>
 * <li>{@link Fault#DROPPED_CONNECTION}: the connection dies before an INSERT reaches the database;
 * nothing is written.</li>
 * </ul>
 * In both cases the physical connection is really closed, so the pool has to replace it.
 */
public final class FaultInjector implements MethodExecutionListener {

	/** The kinds of fault. */
	public enum Fault {

		/** The commit succeeds in the database, the client gets an exception. */
		LOST_COMMIT("lost-commit"),

		/** The connection dies before the INSERT is sent. */
		DROPPED_CONNECTION("dropped-connection");

		private final String label;

		Fault(String label) {
			this.label = label;
		}

		/** The name used in test output. */
		public String label() {
			return this.label;
		}

	}

	private static final Set<String> UPDATES = Set.of("executeUpdate", "executeBatch", "executeLargeUpdate",
			"executeLargeBatch");

	private final Fault fault;

	private final double probability;

	private volatile boolean enabled;

	private final AtomicInteger injected = new AtomicInteger();

	private FaultInjector(Fault fault, double probability) {
		this.fault = fault;
		this.probability = probability;
	}

	/** Wraps a data source so that, once enabled, the fault strikes with the given probability. */
	public static FaultInjector wrap(Fault fault, double probability) {
		return new FaultInjector(fault, probability);
	}

	public DataSource around(DataSource dataSource) {
		return ProxyDataSourceBuilder.create(dataSource).name("faults").methodListener(this).build();
	}

	public void enable() {
		this.enabled = true;
	}

	public void disable() {
		this.enabled = false;
	}

	/** How many faults struck. */
	public int injected() {
		return this.injected.get();
	}

	@Override
	public void beforeMethod(MethodExecutionContext context) {
		if (this.enabled && this.fault == Fault.DROPPED_CONNECTION && context.getTarget() instanceof Statement
				&& UPDATES.contains(context.getMethod().getName()) && strikes()) {
			try {
				((Statement) context.getTarget()).getConnection().close();
			}
			catch (SQLException ex) {
				// already broken: the statement fails either way
			}
			this.injected.incrementAndGet();
			// the listener's exception escapes the proxy before the statement is executed
			throw sneaky(new SQLRecoverableException("Connection reset before the statement was sent (fault injection)",
					"08S01"));
		}
	}

	@Override
	public void afterMethod(MethodExecutionContext context) {
		if (this.enabled && this.fault == Fault.LOST_COMMIT && context.getTarget() instanceof Connection
				&& context.getMethod().getName().equals("commit") && context.getThrown() == null && strikes()) {
			try {
				((Connection) context.getTarget()).close();
			}
			catch (SQLException ex) {
				// the commit went through; the client will not hear it either way
			}
			this.injected.incrementAndGet();
			// thrown from the proxy's finally block, it replaces the successful return
			throw sneaky(new SQLRecoverableException("Connection reset after COMMIT was sent (fault injection)", "08006"));
		}
	}

	/** Throws a checked exception from a method that does not declare it, as a driver would. */
	@SuppressWarnings("unchecked")
	private static <E extends Throwable> RuntimeException sneaky(Throwable failure) throws E {
		throw (E) failure;
	}

	private boolean strikes() {
		return ThreadLocalRandom.current().nextDouble() < this.probability;
	}

}
