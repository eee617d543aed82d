package io.github.timesortedid.testsupport;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import javax.sql.DataSource;

/**
 * Breaks JDBC the way networks and database servers do, between a pool and the driver. Every
 * fault happens for real: physical connections are really closed or really abandoned with their
 * transaction open, and timeouts are the server's own. Only the exception a client gets when its
 * socket dies is made here, because no driver can be made to lose a socket on cue: an
 * {@link SQLRecoverableException} (JDBC's type for "replace the connection") with SQLSTATE 08006,
 * or 08S01 before an INSERT, the class-08 states drivers give I/O errors.
 * <p>
 * Faults strike transactions that write: when a transaction sends its first INSERT, it is struck
 * with the given probability, and the strike is placed at a random INSERT of the transaction (or
 * at its commit). A transaction that ends before that INSERT is spared, and is not counted.
 * <ul>
 * <li>{@link Fault#LOST_COMMIT}: the database commits, then the connection is closed and the
 * client gets an exception for a transaction that is durable.</li>
 * <li>{@link Fault#FAILED_COMMIT}: the commit is not sent; the transaction is rolled back and the
 * connection closed, and the client gets the same exception as for a lost commit.</li>
 * <li>{@link Fault#DROPPED_BEFORE_INSERT}: the connection is closed before an INSERT is sent; the
 * server rolls back what the transaction had written.</li>
 * <li>{@link Fault#DROPPED_AFTER_INSERT}: the INSERT executes, then its answer is lost. On H2 and
 * MariaDB the connection is closed, so the server rolls back. On PostgreSQL the connection is
 * abandoned, as when the peer vanishes without a FIN: the server keeps the open transaction and its
 * locks until {@code idle_in_transaction_session_timeout} (see {@link Database}) ends the session;
 * the pool's close() is swallowed and the socket is closed for real only after
 * {@link #ORPHAN_LIFETIME}, by when the server must have ended the orphan itself.</li>
 * <li>{@link Fault#STATEMENT_TIMEOUT}: in place of an INSERT, a statement that the server cancels
 * after {@value #TIMEOUT_MILLIS} ms runs on the same connection and transaction, and its genuine
 * timeout exception reaches the client.</li>
 * <li>{@link Fault#MIXED}: each strike is one of the above, at random.</li>
 * </ul>
 * Once struck by a connection fault, a connection behaves as one with a dead socket: every call
 * fails with SQLSTATE 08006, except close().
 */
public final class FaultInjector implements AutoCloseable {

	/** The kinds of fault. */
	public enum Fault {

		/** The commit succeeds in the database, the client gets an exception. */
		LOST_COMMIT("lost-commit", true),

		/** The commit is not executed: rolled back, connection closed, the client gets an exception. */
		FAILED_COMMIT("failed-commit", true),

		/** The connection is closed before an INSERT is sent. */
		DROPPED_BEFORE_INSERT("dropped-before-insert", false),

		/** The INSERT executes, then the connection is lost before the commit. */
		DROPPED_AFTER_INSERT("dropped-after-insert", false),

		/** The server cancels a statement sent in place of the INSERT. */
		STATEMENT_TIMEOUT("statement-timeout", false),

		/** Each strike is one of the others, at random. */
		MIXED("mixed", false);

		/** The faults a mixed strike picks from. */
		static final List<Fault> SINGLE = List.of(LOST_COMMIT, FAILED_COMMIT, DROPPED_BEFORE_INSERT,
				DROPPED_AFTER_INSERT, STATEMENT_TIMEOUT);

		private final String label;

		private final boolean atCommit;

		Fault(String label, boolean atCommit) {
			this.label = label;
			this.atCommit = atCommit;
		}

		/** The name used in test output. */
		public String label() {
			return this.label;
		}

	}

	/** How long the server lets a statement run in a statement-timeout strike. */
	static final int TIMEOUT_MILLIS = 25;

	/**
	 * How long an abandoned PostgreSQL connection stays physically open: well past the server's
	 * idle_in_transaction_session_timeout, so that the server, not this class, ends the orphan.
	 */
	static final Duration ORPHAN_LIFETIME = Duration.ofSeconds(3);

	/** What a connection with a dead socket still answers: nothing here needs the server. */
	private static final Set<String> ALWAYS_ANSWERED = Set.of("close", "abort", "isClosed", "isValid", "unwrap",
			"isWrapperFor", "equals", "hashCode", "toString");

	private final Database database;

	private final Fault fault;

	private final double probability;

	private final int insertsPerTransaction;

	private volatile boolean enabled;

	private final Map<Fault, AtomicInteger> struck = new EnumMap<>(Fault.class);

	private final Set<String> timeouts = ConcurrentHashMap.newKeySet();

	private final AtomicInteger abandoned = new AtomicInteger();

	private final AtomicInteger orphansEndedByServer = new AtomicInteger();

	private final AtomicInteger orphansOutlived = new AtomicInteger();

	private final Set<String> orphanEndings = ConcurrentHashMap.newKeySet();

	private final AtomicInteger largestTransaction = new AtomicInteger();

	private final ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(task -> {
		Thread thread = new Thread(task, "fault-injector-reaper");
		thread.setDaemon(true);
		return thread;
	});

	private FaultInjector(Database database, Fault fault, double probability, int insertsPerTransaction) {
		this.database = database;
		this.fault = fault;
		this.probability = probability;
		this.insertsPerTransaction = insertsPerTransaction;
		// filled once here, so concurrent readers and writers only touch the counters
		Fault.SINGLE.forEach(kind -> this.struck.put(kind, new AtomicInteger()));
	}

	/**
	 * Creates an injector.
	 * @param database the database behind the data source, which decides how a statement is made
	 * to time out and whether a dropped connection is abandoned (PostgreSQL) or closed
	 * @param fault the fault to inject
	 * @param probability the chance that a writing transaction is struck
	 * @param insertsPerTransaction how many INSERTs a whole transaction sends; a strike lands on one
	 * of them at random
	 * @return the injector, disabled
	 */
	public static FaultInjector wrap(Database database, Fault fault, double probability, int insertsPerTransaction) {
		if (insertsPerTransaction < 1) {
			throw new IllegalArgumentException("insertsPerTransaction must be 1 or more");
		}
		return new FaultInjector(database, fault, probability, insertsPerTransaction);
	}

	/** Wraps a data source; its connections go through this injector. */
	public DataSource around(DataSource dataSource) {
		return proxy(DataSource.class, (proxy, method, args) -> {
			Object result = call(method, dataSource, args);
			return (result instanceof Connection connection) ? new InjectedConnection(connection).proxy : result;
		});
	}

	public void enable() {
		this.enabled = true;
	}

	public void disable() {
		this.enabled = false;
	}

	/** The chance that a writing transaction is struck. */
	public double probability() {
		return this.probability;
	}

	/**
	 * The most INSERT executions (a JDBC batch counts once) that one committed transaction sent: a
	 * test checks by it that the {@code insertsPerTransaction} it gave is what its API really sends,
	 * as a strike placed past the last INSERT would silently spare the transaction.
	 */
	public int largestTransaction() {
		return this.largestTransaction.get();
	}

	/** How many faults struck, of every kind. */
	public int injected() {
		return this.struck.values().stream().mapToInt(AtomicInteger::get).sum();
	}

	/** How many faults of one kind struck; for {@link Fault#MIXED}, how many struck in all. */
	public int injected(Fault kind) {
		return (kind == Fault.MIXED) ? injected() : this.struck.get(kind).get();
	}

	/** The exceptions statement-timeout strikes produced: class, SQLSTATE and error code. */
	public Set<String> timeoutFailures() {
		return Collections.unmodifiableSet(new TreeSet<>(this.timeouts));
	}

	/** How many connections were abandoned with their transaction open (PostgreSQL only). */
	public int abandoned() {
		return this.abandoned.get();
	}

	/** How many abandoned connections the server had ended by itself before they were closed. */
	public int orphansEndedByServer() {
		return this.orphansEndedByServer.get();
	}

	/** How many abandoned connections were still alive when this class closed them: none should. */
	public int orphansOutlived() {
		return this.orphansOutlived.get();
	}

	/** How the server's end of an orphan showed on its socket: class, SQLSTATE and error code. */
	public Set<String> orphanEndings() {
		return Collections.unmodifiableSet(new TreeSet<>(this.orphanEndings));
	}

	/** The strikes per kind, e.g. {@code lost-commit=120 failed-commit=0 ...}. */
	public String summary() {
		return Fault.SINGLE.stream()
			.map(kind -> kind.label() + "=" + this.struck.get(kind).get())
			.collect(Collectors.joining(" "));
	}

	/**
	 * Closes the orphans still open, each when its lifetime is up (not before: the server must have
	 * ended it by itself), so that their counters are final and no connection outlives the test.
	 */
	@Override
	public void close() throws InterruptedException {
		this.enabled = false;
		// delayed tasks still run after shutdown(), which is the point
		this.reaper.shutdown();
		if (!this.reaper.awaitTermination(ORPHAN_LIFETIME.toSeconds() + 30, TimeUnit.SECONDS)) {
			throw new IllegalStateException("Abandoned connections were not closed in time");
		}
	}

	private Strike decide() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		if (!this.enabled || random.nextDouble() >= this.probability) {
			return null;
		}
		Fault kind = (this.fault == Fault.MIXED) ? Fault.SINGLE.get(random.nextInt(Fault.SINGLE.size())) : this.fault;
		return new Strike(kind, kind.atCommit ? 0 : 1 + random.nextInt(this.insertsPerTransaction));
	}

	/**
	 * Runs, on the struck connection and in its transaction, a statement the server cancels after
	 * {@value #TIMEOUT_MILLIS} ms, and returns the driver's exception.
	 */
	private SQLException provokeTimeout(Connection physical) throws SQLException {
		try (Statement statement = physical.createStatement()) {
			switch (this.database) {
				case H2 -> {
					// H2's query timeout is a session setting the driver caches: put the old value back
					long previous;
					try (ResultSet setting = statement.executeQuery("SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
							+ " WHERE SETTING_NAME = 'QUERY_TIMEOUT'")) {
						previous = setting.next() ? Long.parseLong(setting.getString(1)) : 0;
					}
					statement.execute("SET QUERY_TIMEOUT " + TIMEOUT_MILLIS);
					try {
						// H2 has no sleep; a sum over a huge range keeps it busy until cancelled
						statement.executeQuery("SELECT SUM(X * 2) FROM SYSTEM_RANGE(1, 1000000000000)").close();
					}
					finally {
						statement.execute("SET QUERY_TIMEOUT " + previous);
					}
				}
				case POSTGRESQL -> {
					// LOCAL: the setting ends with the transaction, which the timeout aborts anyway
					statement.execute("SET LOCAL statement_timeout = " + TIMEOUT_MILLIS);
					statement.executeQuery("SELECT pg_sleep(10)").close();
				}
				case MARIADB -> {
					// the setting applies to this one statement only
					double seconds = TIMEOUT_MILLIS / 1000.0;
					statement.executeQuery("SET STATEMENT max_statement_time = " + seconds + " FOR SELECT SLEEP(10)").close();
				}
			}
		}
		catch (SQLException ex) {
			return ex;
		}
		throw new IllegalStateException(this.database.label() + " did not cancel a statement after its timeout");
	}

	private void struck(Fault kind) {
		this.struck.get(kind).incrementAndGet();
	}

	private static SQLException connectionReset(String state, String what) {
		return new SQLRecoverableException("Connection reset " + what + " (fault injection)", state);
	}

	private static String signature(SQLException ex) {
		return ex.getClass().getName() + " SQLState " + ex.getSQLState() + " error code " + ex.getErrorCode();
	}

	private static Object call(Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	@SuppressWarnings("unchecked")
	private static <T> T proxy(Class<T> type, InvocationHandler handler) {
		return (T) Proxy.newProxyInstance(FaultInjector.class.getClassLoader(), new Class<?>[] { type }, handler);
	}

	/** Where in a transaction a fault strikes: before or after the INSERT at a position, or at commit (0). */
	private record Strike(Fault fault, int position) {
	}

	/** A statement execution, run by the injector when it decides to. */
	@FunctionalInterface
	private interface Execution {

		Object run() throws Throwable;

	}

	/**
	 * One physical connection seen through the injector. Its transaction state is touched only by
	 * the thread that holds the connection from the pool; the flags are read by the pool's threads.
	 */
	private final class InjectedConnection implements InvocationHandler {

		final Connection physical;

		final Connection proxy;

		/** The client can no longer reach the server over this connection. */
		private volatile boolean severed;

		/** The connection was left open with its transaction (PostgreSQL only). */
		private volatile boolean orphan;

		private int inserts;

		private Strike strike;

		InjectedConnection(Connection physical) {
			this.physical = physical;
			this.proxy = proxy(Connection.class, this);
		}

		@Override
		public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
			String name = method.getName();
			if (ALWAYS_ANSWERED.contains(name)) {
				return answer(proxy, method, args);
			}
			if (this.severed) {
				throw connectionReset("08006", "earlier: the socket is dead");
			}
			switch (name) {
				case "commit":
					commit();
					return null;
				case "rollback":
				case "setAutoCommit":
					if (name.equals("setAutoCommit") || args == null) {
						// either ends the transaction (a rollback to a savepoint does not)
						endTransaction();
					}
					return call(method, this.physical, args);
				case "createStatement":
				case "prepareStatement":
				case "prepareCall": {
					Statement statement = (Statement) call(method, this.physical, args);
					String sql = (args != null && args.length > 0 && args[0] instanceof String text) ? text : null;
					return FaultInjector.proxy(method.getReturnType(),
							new InjectedStatement(this, statement, sql));
				}
				default:
					return call(method, this.physical, args);
			}
		}

		private Object answer(Object proxy, Method method, Object[] args) throws Throwable {
			return switch (method.getName()) {
				case "close", "abort" -> {
					// an orphan's socket is closed by the reaper, later; the pool must not end it now
					if (!this.orphan) {
						call(method, this.physical, args);
					}
					yield null;
				}
				// a driver that lost its socket knows it is closed
				case "isClosed" -> this.severed || this.physical.isClosed();
				case "isValid" -> !this.severed && this.physical.isValid((Integer) args[0]);
				case "equals" -> proxy == args[0];
				case "hashCode" -> System.identityHashCode(proxy);
				case "toString" -> "FaultInjector(" + this.physical + ")";
				default -> call(method, this.physical, args);
			};
		}

		Object insert(Execution execution) throws Throwable {
			this.inserts++;
			if (this.inserts == 1 && !this.physical.getAutoCommit()) {
				this.strike = decide();
			}
			Strike strike = this.strike;
			if (strike == null || strike.position() != this.inserts) {
				return execution.run();
			}
			switch (strike.fault()) {
				case DROPPED_BEFORE_INSERT -> {
					struck(Fault.DROPPED_BEFORE_INSERT);
					closeAndSever();
					throw connectionReset("08S01", "before the INSERT was sent");
				}
				case STATEMENT_TIMEOUT -> {
					SQLException timeout = provokeTimeout(this.physical);
					struck(Fault.STATEMENT_TIMEOUT);
					FaultInjector.this.timeouts.add(signature(timeout));
					throw timeout;
				}
				case DROPPED_AFTER_INSERT -> {
					execution.run();
					struck(Fault.DROPPED_AFTER_INSERT);
					if (FaultInjector.this.database == Database.POSTGRESQL) {
						abandon();
					}
					else {
						closeAndSever();
					}
					throw connectionReset("08006", "after the INSERT was executed, before its answer arrived");
				}
				default -> {
					return execution.run();
				}
			}
		}

		private void commit() throws SQLException {
			Strike strike = this.strike;
			FaultInjector.this.largestTransaction.accumulateAndGet(this.inserts, Math::max);
			endTransaction();
			if (strike == null || !strike.fault().atCommit) {
				this.physical.commit();
				return;
			}
			if (strike.fault() == Fault.LOST_COMMIT) {
				this.physical.commit();
				struck(Fault.LOST_COMMIT);
				closeAndSever();
				throw connectionReset("08006", "after COMMIT was sent: the transaction is durable");
			}
			this.physical.rollback();
			struck(Fault.FAILED_COMMIT);
			closeAndSever();
			throw connectionReset("08006", "before COMMIT was sent: the transaction was rolled back");
		}

		private void endTransaction() {
			this.inserts = 0;
			this.strike = null;
		}

		private void closeAndSever() {
			this.severed = true;
			try {
				this.physical.close();
			}
			catch (SQLException ex) {
				// closing is all that matters; the client gets its exception either way
			}
		}

		/**
		 * Leaves the physical connection open with its transaction, as a client whose peer vanished
		 * silently does: the server sees an idle transaction holding its locks. The reaper closes the
		 * socket after {@link #ORPHAN_LIFETIME} and records whether the server had ended it.
		 */
		private void abandon() {
			this.severed = true;
			this.orphan = true;
			FaultInjector.this.abandoned.incrementAndGet();
			FaultInjector.this.reaper.schedule(this::reap, ORPHAN_LIFETIME.toMillis(), TimeUnit.MILLISECONDS);
		}

		private void reap() {
			try (Statement probe = this.physical.createStatement()) {
				// an ended session answers with the error that ended it, or not at all
				probe.execute("SELECT 1");
				FaultInjector.this.orphansOutlived.incrementAndGet();
			}
			catch (SQLException ex) {
				FaultInjector.this.orphansEndedByServer.incrementAndGet();
				FaultInjector.this.orphanEndings.add(signature(ex));
			}
			finally {
				try {
					this.physical.close();
				}
				catch (SQLException ex) {
					// the session is gone either way
				}
			}
		}

	}

	/** A statement of an injected connection: INSERTs go through the connection's strike. */
	private final class InjectedStatement implements InvocationHandler {

		private final InjectedConnection connection;

		private final Statement physical;

		/** The SQL of a prepared statement; null for a plain one. */
		private final String prepared;

		/** The last SQL added to a plain statement's batch. */
		private String batched;

		InjectedStatement(InjectedConnection connection, Statement physical, String prepared) {
			this.connection = connection;
			this.physical = physical;
			this.prepared = prepared;
		}

		@Override
		public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
			String name = method.getName();
			switch (name) {
				case "getConnection":
					return this.connection.proxy;
				case "equals":
					return proxy == args[0];
				case "hashCode":
					return System.identityHashCode(proxy);
				case "toString":
					return "FaultInjector(" + this.physical + ")";
				case "close":
				case "isClosed":
				case "unwrap":
				case "isWrapperFor":
					return call(method, this.physical, args);
				default:
					break;
			}
			if (this.connection.severed) {
				throw connectionReset("08006", "earlier: the socket is dead");
			}
			String given = (args != null && args.length > 0 && args[0] instanceof String text) ? text : null;
			if (name.equals("addBatch") && given != null) {
				this.batched = given;
			}
			if (name.startsWith("execute")) {
				String sql = (given != null) ? given : (this.prepared != null) ? this.prepared : this.batched;
				if (isInsert(sql)) {
					return this.connection.insert(() -> call(method, this.physical, args));
				}
			}
			return call(method, this.physical, args);
		}

		private static boolean isInsert(String sql) {
			if (sql == null) {
				return false;
			}
			String text = sql.strip();
			// Hibernate's optional SQL comments come first
			while (text.startsWith("/*") && text.contains("*/")) {
				text = text.substring(text.indexOf("*/") + 2).strip();
			}
			return text.regionMatches(true, 0, "insert", 0, 6);
		}

	}

}
