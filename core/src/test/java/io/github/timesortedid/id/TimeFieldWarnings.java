package io.github.timesortedid.id;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The warnings {@link TimeField} logs during each test, caught from {@code java.util.logging}, the
 * backend of {@code System.Logger} in these tests. Register with {@code @RegisterExtension}.
 */
final class TimeFieldWarnings extends Handler implements BeforeEachCallback, AfterEachCallback {

	private final Logger logger = Logger.getLogger(TimeField.class.getName());

	private final List<LogRecord> records = new ArrayList<>();

	/** The warnings so far, in the order they were logged. */
	synchronized List<LogRecord> records() {
		return List.copyOf(this.records);
	}

	synchronized void clear() {
		this.records.clear();
	}

	@Override
	public synchronized void publish(LogRecord record) {
		if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
			this.records.add(record);
		}
	}

	@Override
	public void beforeEach(ExtensionContext context) {
		this.logger.addHandler(this);
	}

	@Override
	public void afterEach(ExtensionContext context) {
		this.logger.removeHandler(this);
	}

	@Override
	public void flush() {
	}

	@Override
	public void close() {
	}

}
