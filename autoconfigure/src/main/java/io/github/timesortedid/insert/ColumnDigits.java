package io.github.timesortedid.insert;

import java.sql.Connection;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;

import org.hibernate.Session;
import org.hibernate.metamodel.mapping.SelectableMapping;
import org.jspecify.annotations.Nullable;

/**
 * The digits after the point that columns keep, as the database reports them
 * ({@code DECIMAL_DIGITS} of JDBC's {@link java.sql.DatabaseMetaData#getColumns}, through
 * {@link CatalogDigits}): a decimal column's scale,
 * a time or timestamp column's fractional-second precision. The mapping's declared scale is not
 * enough: a column Hibernate made without one is {@code numeric(38,2)}, and a migration may have
 * made it anything. Each column is looked up once, on the first replay that needs it.
 */
final class ColumnDigits {

	/** What lookups found: the digits, empty for a column that keeps any number (PostgreSQL's bare {@code numeric}). */
	private final Map<String, OptionalInt> known = new ConcurrentHashMap<>();

	/**
	 * Returns the digits a column keeps after the point.
	 * @param column the column of a basic attribute or collection element
	 * @param session a session, on whose connection the column is looked up the first time
	 * @param fallback what to assume if the database cannot say (the column is not found, the lookup
	 * fails): the mapping's declared digits, or empty
	 * @return the digits, or empty if the column keeps any number of them
	 */
	OptionalInt of(SelectableMapping column, Session session, OptionalInt fallback) {
		if (column.isFormula()) {
			return fallback;
		}
		String key = column.getContainingTableExpression() + "." + column.getSelectionExpression();
		OptionalInt digits = this.known.get(key);
		if (digits == null) {
			digits = session.doReturningWork((connection) -> lookUp(column, connection));
			if (digits == null) {
				return fallback;
			}
			this.known.put(key, digits);
		}
		return digits;
	}

	/** The digits of a column, empty if it keeps any number, null if the database could not say (not kept). */
	private static @Nullable OptionalInt lookUp(SelectableMapping column, Connection connection) {
		return CatalogDigits.lookUp(column.getContainingTableExpression(), column.getSelectionExpression(), connection);
	}

}
