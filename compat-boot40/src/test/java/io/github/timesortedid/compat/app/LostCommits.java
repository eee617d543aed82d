package io.github.timesortedid.compat.app;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLRecoverableException;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

/**
 * Loses the next commit once armed: the database commits, and the client is told that the
 * connection broke ({@code SQLState 08006}), as when the network fails before the answer arrives.
 * Plain JDK proxies, so the older line's classpath gets no extra library.
 */
public final class LostCommits {

	private static final AtomicBoolean armed = new AtomicBoolean();

	private LostCommits() {
	}

	/** Loses the next commit on any connection of the application's data source. */
	public static void armNext() {
		armed.set(true);
	}

	/** Tells whether the armed commit is still to come. */
	public static boolean isArmed() {
		return armed.get();
	}

	static DataSource around(DataSource dataSource) {
		return proxy(DataSource.class, dataSource, (target, method, args) -> {
			Object result = invoke(target, method, args);
			return (result instanceof Connection connection) ? proxy(Connection.class, connection, LostCommits::connection)
					: result;
		});
	}

	private static Object connection(Object target, Method method, Object[] args) throws Throwable {
		Object result = invoke(target, method, args);
		if (method.getName().equals("commit") && armed.compareAndSet(true, false)) {
			throw new SQLRecoverableException("Connection reset after COMMIT was sent (test fault)", "08006");
		}
		return result;
	}

	private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	private static <T> T proxy(Class<T> type, T target, Handler handler) {
		InvocationHandler invocation = (proxy, method, args) -> handler.handle(target, method, args);
		return type.cast(Proxy.newProxyInstance(LostCommits.class.getClassLoader(), new Class<?>[] { type }, invocation));
	}

	private interface Handler {

		Object handle(Object target, Method method, Object[] args) throws Throwable;

	}

}
