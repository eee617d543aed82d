package io.github.timesortedid.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

/** Records every SQL statement sent through a data source, for statement-count assertions. */
public final class StatementCounter implements QueryExecutionListener {

	private final List<String> statements = new CopyOnWriteArrayList<>();

	private final List<Batch> batches = new CopyOnWriteArrayList<>();

	public DataSource around(DataSource dataSource) {
		return ProxyDataSourceBuilder.create(dataSource).name("counted").listener(this).build();
	}

	public void reset() {
		this.statements.clear();
		this.batches.clear();
	}

	/** The JDBC batches sent, each with how many sets of parameters it carried. */
	public List<Batch> batches() {
		return List.copyOf(this.batches);
	}

	public List<String> statements() {
		return List.copyOf(this.statements);
	}

	public long count(String verb) {
		return this.statements.stream().filter(sql -> sql.trim().toLowerCase().startsWith(verb.toLowerCase())).count();
	}

	@Override
	public void beforeQuery(ExecutionInfo execInfo, List<QueryInfo> queryInfoList) {
	}

	@Override
	public void afterQuery(ExecutionInfo execInfo, List<QueryInfo> queryInfoList) {
		queryInfoList.forEach(query -> this.statements.add(query.getQuery()));
		if (execInfo.isBatch()) {
			queryInfoList.forEach(query -> this.batches.add(new Batch(query.getQuery(), execInfo.getBatchSize())));
		}
	}

	/** One JDBC batch: its statement and how many times it ran. */
	public record Batch(String sql, int size) {

	}

}
