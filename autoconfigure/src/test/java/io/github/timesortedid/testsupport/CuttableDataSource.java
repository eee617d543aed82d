package io.github.timesortedid.testsupport;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.util.logging.Logger;

import javax.sql.DataSource;

/** A data source whose connection can be cut, as when the network to the database goes down. */
public final class CuttableDataSource implements DataSource {

	private final DataSource target;

	private volatile boolean cut;

	public CuttableDataSource(DataSource target) {
		this.target = target;
	}

	public void cut() {
		this.cut = true;
	}

	/** Brings the network back: new connections work again. */
	public void restore() {
		this.cut = false;
	}

	@Override
	public Connection getConnection() throws SQLException {
		if (this.cut) {
			throw new SQLRecoverableException("Connection refused (the test cut the network)", "08001");
		}
		return this.target.getConnection();
	}

	@Override
	public Connection getConnection(String username, String password) throws SQLException {
		return getConnection();
	}

	@Override
	public PrintWriter getLogWriter() throws SQLException {
		return this.target.getLogWriter();
	}

	@Override
	public void setLogWriter(PrintWriter out) throws SQLException {
		this.target.setLogWriter(out);
	}

	@Override
	public void setLoginTimeout(int seconds) throws SQLException {
		this.target.setLoginTimeout(seconds);
	}

	@Override
	public int getLoginTimeout() throws SQLException {
		return this.target.getLoginTimeout();
	}

	@Override
	public Logger getParentLogger() {
		return Logger.getGlobal();
	}

	@Override
	public <T> T unwrap(Class<T> type) throws SQLException {
		return this.target.unwrap(type);
	}

	@Override
	public boolean isWrapperFor(Class<?> type) throws SQLException {
		return this.target.isWrapperFor(type);
	}

}
