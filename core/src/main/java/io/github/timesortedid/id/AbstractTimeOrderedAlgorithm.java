package io.github.timesortedid.id;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.jspecify.annotations.Nullable;

/**
 * An algorithm with a timestamp field: its precision and range are the field's, answered here
 * once. Subclasses that build on a timestamp and a random part use {@link TimeRandomAlgorithm};
 * the others ({@code snowflake}, {@code objectid}, {@code couchdb-utc-id}) count for themselves.
 */
abstract sealed class AbstractTimeOrderedAlgorithm extends AbstractIdAlgorithm implements TimeOrderedIdAlgorithm
		permits TimeRandomAlgorithm, SnowflakeAlgorithm, ObjectIdAlgorithm, CouchDbUtcIdAlgorithm {

	private final TimeField time;

	AbstractTimeOrderedAlgorithm(String name, @Nullable String details, BodyFormat format, TimeField time) {
		super(name, details, format);
		this.time = time;
	}

	final TimeField time() {
		return this.time;
	}

	@Override
	public final ChronoUnit precision() {
		return this.time.unit();
	}

	@Override
	public final long clockStepsBack() {
		return this.time.stepsBack();
	}

	@Override
	public final Instant minInstant() {
		return this.time.min();
	}

	@Override
	public final Instant maxInstant() {
		return this.time.maxInstant();
	}

}
