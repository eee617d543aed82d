package io.github.timesortedid.query;

import java.time.Instant;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.timeline.TimelineApplication;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts the timeline test application on a fresh database with a settable clock. */
final class TimelineContext {

	final SettableClock clock = new SettableClock(Instant.parse("2026-01-01T00:00:00Z"));

	final DataSource dataSource;

	final ConfigurableApplicationContext context;

	TimelineContext(Database database, DataSource dataSource) {
		this(database, dataSource, "text");
	}

	TimelineContext(Database database, DataSource dataSource, String storage) {
		this.dataSource = dataSource;
		this.context = new SpringApplicationBuilder(TimelineApplication.class).web(WebApplicationType.NONE)
			.initializers(ctx -> {
				ctx.getBeanFactory().registerSingleton("dataSource", dataSource);
				ctx.getBeanFactory().registerSingleton("clock", this.clock);
			})
			.properties(Map.of("spring.jpa.hibernate.ddl-auto", "create", "time-sorted-id.kuuid.reverse", "true",
					"time-sorted-id.storage", storage))
			.run();
	}

	static TimelineContext start(Database database) {
		return start(database, "text");
	}

	static TimelineContext start(Database database, String storage) {
		return new TimelineContext(database, database.newDatabase(), storage);
	}

	<T> T bean(Class<T> type) {
		return this.context.getBean(type);
	}

}
