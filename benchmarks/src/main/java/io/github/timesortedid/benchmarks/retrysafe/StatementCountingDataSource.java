package io.github.timesortedid.benchmarks.retrysafe;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The application's data source (the Hikari pool), with statement counting that can be switched on
 * between transactions. While counting, connections come through datasource-proxy, which records
 * every SQL statement sent; otherwise they come straight from the pool, so that the timed rounds pay
 * nothing for the counter.
 */
public final class StatementCountingDataSource extends DelegatingDataSource
		implements QueryExecutionListener, AutoCloseable {

	private final DataSource counted;

	private final List<String> statements = new CopyOnWriteArrayList<>();

	private final AtomicLong executions = new AtomicLong();

	private volatile boolean counting;

	public StatementCountingDataSource(DataSource pool) {
		super(pool);
		this.counted = ProxyDataSourceBuilder.create(pool).name("counted").listener(this).build();
	}

	/**
	 * Puts a counter, switched off, in front of the application's data source.
	 * @return the post-processor to declare as a static {@code @Bean}
	 */
	public static BeanPostProcessor inFrontOfThePool() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				return (bean instanceof DataSource dataSource && !(bean instanceof StatementCountingDataSource))
						? new StatementCountingDataSource(dataSource) : bean;
			}

		};
	}

	/** Counts the statements of connections taken from now on, forgetting earlier ones. */
	public void startCounting() {
		this.statements.clear();
		this.executions.set(0);
		this.counting = true;
	}

	/**
	 * Stops counting.
	 * @return the statements sent since {@link #startCounting()}, in order
	 */
	public List<String> stopCounting() {
		this.counting = false;
		return List.copyOf(this.statements);
	}

	/**
	 * The round trips to the database since {@link #startCounting()}: a JDBC batch is one, however many
	 * statements it carries.
	 * @return the number of statement executions
	 */
	public long executions() {
		return this.executions.get();
	}

	@Override
	public Connection getConnection() throws SQLException {
		return this.counting ? this.counted.getConnection() : obtainTargetDataSource().getConnection();
	}

	@Override
	public Connection getConnection(String username, String password) throws SQLException {
		return this.counting ? this.counted.getConnection(username, password)
				: obtainTargetDataSource().getConnection(username, password);
	}

	/** Closes the pool: the context closes this bean in its place. */
	@Override
	public void close() throws Exception {
		if (obtainTargetDataSource() instanceof AutoCloseable pool) {
			pool.close();
		}
	}

	@Override
	public void beforeQuery(ExecutionInfo execInfo, List<QueryInfo> queryInfoList) {
	}

	@Override
	public void afterQuery(ExecutionInfo execInfo, List<QueryInfo> queryInfoList) {
		// a JDBC batch is one execution: of several queries (Statement.addBatch), each counts as a
		// statement; of one prepared statement, each set of parameters does
		this.executions.incrementAndGet();
		for (QueryInfo query : queryInfoList) {
			int times = Math.max(1, query.getParametersList().size());
			for (int i = 0; i < times; i++) {
				this.statements.add(query.getQuery());
			}
		}
	}

	/**
	 * The SQL verb of a statement, lower case: {@code insert}, {@code select}, ...
	 * @param sql a statement
	 * @return its first word
	 */
	public static String verb(String sql) {
		String trimmed = sql.strip();
		int end = 0;
		while (end < trimmed.length() && Character.isLetter(trimmed.charAt(end))) {
			end++;
		}
		return trimmed.substring(0, end).toLowerCase(Locale.ROOT);
	}

}
