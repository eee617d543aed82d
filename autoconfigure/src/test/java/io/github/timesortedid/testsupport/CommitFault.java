package io.github.timesortedid.testsupport;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

/**
 * Breaks the next commit (or SELECT), once, for tests that need a fault at a known point (FaultInjector strikes
 * at random): the physical connection is really closed, so the pool replaces it.
 */
public final class CommitFault implements MethodExecutionListener {

	/** What happens to the armed commit. */
	public enum Kind {

		/** The database commits, then the connection dies before the client hears so. */
		LOST,

		/** The database rolls back, then the connection dies. */
		FAILED

	}

	private final AtomicReference<Kind> armed = new AtomicReference<>();

	private final AtomicBoolean dropBeforeSelect = new AtomicBoolean();

	public DataSource around(DataSource dataSource) {
		return ProxyDataSourceBuilder.create(dataSource).name("commit-fault").methodListener(this).build();
	}

	/** Breaks the next commit on any connection. */
	public void arm(Kind kind) {
		this.armed.set(kind);
	}

	/** Closes the connection of the next SELECT before it is sent, once. */
	public void dropBeforeNextSelect() {
		this.dropBeforeSelect.set(true);
	}

	@Override
	public void beforeMethod(MethodExecutionContext context) {
		if (context.getTarget() instanceof PreparedStatement statement
				&& context.getMethod().getName().startsWith("execute") && isSelect(statement)
				&& this.dropBeforeSelect.compareAndSet(true, false)) {
			try {
				statement.getConnection().close();
			}
			catch (SQLException ex) {
				// broken either way
			}
			throw sneaky(new SQLRecoverableException("Connection reset before the SELECT was sent (test fault)", "08006"));
		}
		if (isCommit(context) && this.armed.compareAndSet(Kind.FAILED, null)) {
			Connection connection = (Connection) context.getTarget();
			try {
				connection.rollback();
				connection.close();
			}
			catch (SQLException ex) {
				// broken either way
			}
			throw sneaky(new SQLRecoverableException("Connection reset before COMMIT was answered (test fault)", "08006"));
		}
	}

	@Override
	public void afterMethod(MethodExecutionContext context) {
		if (isCommit(context) && context.getThrown() == null && this.armed.compareAndSet(Kind.LOST, null)) {
			try {
				((Connection) context.getTarget()).close();
			}
			catch (SQLException ex) {
				// the commit went through; the client will not hear it either way
			}
			throw sneaky(new SQLRecoverableException("Connection reset after COMMIT was sent (test fault)", "08006"));
		}
	}

	private static boolean isSelect(PreparedStatement statement) {
		return statement.toString().toLowerCase(Locale.ROOT).contains("select");
	}

	private static boolean isCommit(MethodExecutionContext context) {
		return context.getTarget() instanceof Connection && context.getMethod().getName().equals("commit");
	}

	@SuppressWarnings("unchecked")
	private static <E extends Throwable> RuntimeException sneaky(Throwable failure) throws E {
		throw (E) failure;
	}

}
