package io.github.timesortedid.insert;

import java.sql.SQLException;

import org.hibernate.TransactionException;
import org.hibernate.exception.ConstraintViolationException;

/** What the failures only Hibernate throws mean to retry-safe inserts, beside {@link TransientFailures}. */
final class HibernateFailures {

	private HibernateFailures() {
	}

	/**
	 * Tells whether a failure is passing by {@link TransientFailures}, or is Hibernate's own transaction
	 * bookkeeping failing with no database error behind it (the attempt's transaction timed out).
	 */
	static boolean isTransient(Throwable failure) {
		return TransientFailures.isTransient(failure) || TransientFailures.causes(failure)
			.anyMatch(cause -> cause instanceof TransactionException
					&& TransientFailures.causes(cause).noneMatch(SQLException.class::isInstance));
	}

	/** Tells whether a failure is a unique-constraint violation, the primary key's or another's. */
	static boolean isUniqueViolation(Throwable failure) {
		return TransientFailures.causes(failure)
			.filter(ConstraintViolationException.class::isInstance)
			.map(ConstraintViolationException.class::cast)
			.findFirst()
			.map(violation -> violation.getKind() == ConstraintViolationException.ConstraintKind.UNIQUE
					|| "23505".equals(violation.getSQLState()) || violation.getErrorCode() == 1062)
			.orElse(false);
	}

}
