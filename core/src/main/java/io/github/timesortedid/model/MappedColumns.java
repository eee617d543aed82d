package io.github.timesortedid.model;

import org.jspecify.annotations.Nullable;

/**
 * Where a persistence integration keeps the IDs of the attributes it maps: the one question the
 * model's {@link IdField} cannot answer alone, since the table and column come from the mapping
 * (Hibernate's mapping model, Spring Data JDBC's mapping context). The registry holds the attributes of
 * every integration; each integration answers for its own and leaves the others' alone.
 */
@FunctionalInterface
public interface MappedColumns {

	/**
	 * Returns the table and column of an attribute, if this integration maps it.
	 * @param field an attribute of the registry
	 * @return its column, or {@code null} for an attribute this integration does not map or that
	 * maps to no single column
	 */
	@Nullable MappedColumn columnOf(IdField field);

	/**
	 * The column that holds an attribute's IDs.
	 * @param table the table, as the mapping names it
	 * @param column the column, as the mapping names it
	 */
	record MappedColumn(String table, String column) {

		/**
		 * Returns {@code table.column}.
		 * @return the qualified name
		 */
		@Override
		public String toString() {
			return this.table + "." + this.column;
		}

	}

}
