package io.github.timesortedid.lease;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import io.github.timesortedid.testsupport.TcpFaultProxy;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Closing a lease frees its node at once, also while a renewal is on its way to the database, and
 * does not hang when the database is out of reach.
 */
class NodeLeaseCloseTests {

	@Test
	void aRenewalInFlightWhenTheLeaseClosesDoesNotHoldTheReleasedNodeAgain() throws Exception {
		DataSource dataSource = Database.H2.newDatabase();
		SlowRenewal slow = new SlowRenewal();
		LeaseOptions onlyNode5 = new LeaseOptions("node_lease", Duration.ofSeconds(3), Duration.ofMillis(500), 5, 5,
				Clock.systemUTC());
		NodeLease lease = NodeLease.acquire(slow.around(dataSource), onlyNode5);
		assertThat(slow.sent.await(10, TimeUnit.SECONDS)).as("a heartbeat renewal is on its way").isTrue();
		lease.close();
		assertThat(slow.done.await(10, TimeUnit.SECONDS)).as("the renewal reached the database").isTrue();
		// the node is free at once: a newcomer takes it
		try (NodeLease next = NodeLease.acquire(dataSource, onlyNode5)) {
			assertThat(next.nodeId()).isEqualTo(5);
		}
	}

	@Test
	void closingWhileTheDatabaseIsOutOfReachEndsInsteadOfWaitingForTcp() throws Exception {
		PGSimpleDataSource postgres = (PGSimpleDataSource) Database.POSTGRESQL.newDatabase();
		try (TcpFaultProxy network = new TcpFaultProxy(postgres.getPortNumbers()[0])) {
			postgres.setPortNumbers(new int[] { network.port() });
			// a connection a pool opened before the network went, as a pool hands out
			SingleConnectionDataSource pooled = new SingleConnectionDataSource(postgres.getConnection(), true);
			NodeLease lease = NodeLease.acquire(pooled,
					new LeaseOptions("node_lease", Duration.ofSeconds(30), Duration.ofSeconds(10), 0, 1023, Clock.systemUTC()));
			network.blackhole();
			CompletableFuture<Void> closing = CompletableFuture.runAsync(lease::close);
			// the lease's statements are bounded by a few seconds; TCP would retransmit for many minutes
			assertThat(closing).succeedsWithin(Duration.ofSeconds(30));
		}
	}

	/**
	 * Holds the lease's first renewal UPDATE until the release has run, or 3 s at most, as a slow
	 * network holds a statement; and, like a driver blocked on a socket, ignores interrupts meanwhile.
	 */
	private static final class SlowRenewal {

		final CountDownLatch sent = new CountDownLatch(1);

		final CountDownLatch released = new CountDownLatch(1);

		final CountDownLatch done = new CountDownLatch(1);

		private final AtomicBoolean held = new AtomicBoolean();

		DataSource around(DataSource dataSource) {
			return proxy(DataSource.class, dataSource, (method, args, result) -> (result instanceof Connection connection)
					? proxy(Connection.class, connection, (call, sql, statement) -> (statement instanceof PreparedStatement prepared)
							? around(prepared, (String) sql[0]) : statement)
					: result);
		}

		private PreparedStatement around(PreparedStatement statement, String sql) {
			boolean renewal = sql.contains("GREATEST(high_water, ?) WHERE") && this.held.compareAndSet(false, true);
			boolean release = sql.contains(" - 1");
			return proxy(PreparedStatement.class, statement, (method, args, result) -> result, (method) -> {
				if (renewal && method.getName().equals("executeUpdate")) {
					this.sent.countDown();
					awaitUninterruptibly(this.released);
				}
			}, (method) -> {
				if (renewal && method.getName().equals("executeUpdate")) {
					this.done.countDown();
				}
				if (release && method.getName().equals("executeUpdate")) {
					this.released.countDown();
				}
			});
		}

		private static <T> T proxy(Class<T> type, T target, After after) {
			return proxy(type, target, after, (method) -> {
			}, (method) -> {
			});
		}

		private static <T> T proxy(Class<T> type, T target, After after, Hook before, Hook finished) {
			InvocationHandler handler = (proxy, method, args) -> {
				before.on(method);
				// a driver blocked on a socket does not see interrupts: the statement still runs
				boolean interrupted = Thread.interrupted();
				try {
					return after.apply(method, args, method.invoke(target, args));
				}
				catch (InvocationTargetException ex) {
					throw ex.getCause();
				}
				finally {
					finished.on(method);
					if (interrupted) {
						Thread.currentThread().interrupt();
					}
				}
			};
			return type.cast(Proxy.newProxyInstance(SlowRenewal.class.getClassLoader(), new Class<?>[] { type }, handler));
		}

		private static void awaitUninterruptibly(CountDownLatch latch) {
			boolean interrupted = false;
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
			while (latch.getCount() > 0 && System.nanoTime() - deadline < 0) {
				try {
					latch.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}

		@FunctionalInterface
		private interface After {

			Object apply(Method method, Object[] args, Object result);

		}

		@FunctionalInterface
		private interface Hook {

			void on(Method method);

		}

	}

}
