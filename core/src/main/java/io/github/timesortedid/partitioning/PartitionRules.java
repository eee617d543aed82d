package io.github.timesortedid.partitioning;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Collection;
import java.util.List;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.jspecify.annotations.Nullable;

/**
 * What every persistence integration checks before it partitions an entity's tables by
 * {@code time-sorted-id.partitions}, whatever mapping names the tables (Hibernate's, Spring Data
 * JDBC's): the database, the order of the IDs, the length of the partitions' names and the storage,
 * each refused with the same message.
 */
public final class PartitionRules {

	private static final Logger logger = System.getLogger(PartitionMaintenance.class.getName());

	/** The longest name of a table or index that PostgreSQL keeps (NAMEDATALEN - 1); MariaDB keeps 64. */
	public static final int LONGEST_NAME = 63;

	/** The longest suffix of a partition's name: {@code _default}, {@code _p2026050114}. */
	private static final int LONGEST_SUFFIX = "_p2026050114".length();

	private PartitionRules() {
	}

	/**
	 * Returns the partitions of the database the entities are stored in.
	 * @param database the database
	 * @param description the database as the message names it, e.g. the Hibernate dialect's class
	 * @param entities the entities the properties name
	 * @return the database's partitions, or {@code null} for H2, whose tables stay whole
	 * @throws TimeSortedIdConfigurationException for a database without partitions this library maintains
	 */
	public static @Nullable PartitionDialect dialect(DatabaseKind database, String description, Collection<String> entities) {
		try {
			return PartitionDialect.of(database);
		}
		catch (UnsupportedOperationException ex) {
			throw new TimeSortedIdConfigurationException("The properties " + PropertyNames.PARTITIONS + "* partition "
					+ String.join(", ", entities) + ", but the database (" + description
					+ ") is neither PostgreSQL nor MariaDB, the databases whose partitions this library maintains.",
					"Remove the properties, or partition the tables with the database's own tools.");
		}
	}

	/**
	 * Checks that an entity's IDs can cut its table into ranges of time.
	 * @param name the entity as {@code time-sorted-id.partitions} names it
	 * @param field the entity's ID attribute
	 * @throws TimeSortedIdConfigurationException if they cannot, e.g. IDs that sort newest first
	 */
	public static void checkKey(String name, IdField field) {
		try {
			PartitionBounds.check(field);
		}
		catch (UnsupportedOperationException ex) {
			String property = PropertyNames.PARTITIONS + name;
			throw new TimeSortedIdConfigurationException("The property " + property + ".* partitions the table of "
					+ field.entityName() + " by its IDs, but " + ex.getMessage() + ".",
					"Remove " + property + ".*, or give the entity a time-ordered algorithm whose IDs sort oldest first.");
		}
	}

	/**
	 * Describes a table to partition, refusing a name too long for its partitions' names.
	 * @param name the entity as {@code time-sorted-id.partitions} names it
	 * @param schema the schema, or {@code null} for the connection's own
	 * @param table the table name, unquoted
	 * @param column the column whose ranges are partitions
	 * @param quoted whether the names are quoted identifiers
	 * @param rename how the mapping gives a table another name, e.g. {@code @Table(name = ...)}
	 * @return the table
	 * @throws TimeSortedIdConfigurationException if the table's name is too long
	 */
	public static PartitionedTable.Part part(String name, @Nullable String schema, String table, String column,
			boolean quoted, String rename) {
		if (table.length() + LONGEST_SUFFIX > LONGEST_NAME) {
			throw new TimeSortedIdConfigurationException("The property " + PropertyNames.PARTITIONS + name
					+ ".* partitions the table '" + table + "', whose name is too long for the names of its partitions (the "
					+ "name, then up to " + LONGEST_SUFFIX + " characters such as _p2026050114, at most " + LONGEST_NAME
					+ " in all).", "Give the table a name of at most " + (LONGEST_NAME - LONGEST_SUFFIX) + " characters with "
							+ rename + ".");
		}
		return new PartitionedTable.Part(schema, table, column, quoted);
	}

	/**
	 * Describes an entity's partitioned table, refusing a storage the database cannot partition.
	 * @param name the entity as {@code time-sorted-id.partitions} names it
	 * @param partitions the database's partitions
	 * @param field the entity's ID attribute
	 * @param family the kind of column the attribute is stored in on this database
	 * @param settings the entity's checked settings
	 * @param parts the entity's table first, then the tables partitioned alike
	 * @return the partitioned table
	 * @throws TimeSortedIdConfigurationException if the database cannot partition the column
	 */
	public static PartitionedTable table(String name, PartitionDialect partitions, IdField field, ColumnFamily family,
			PartitionSettings settings, List<PartitionedTable.Part> parts) {
		String refusal = partitions.refusal(field, family);
		if (refusal != null) {
			String property = PropertyNames.PARTITIONS + name;
			throw new TimeSortedIdConfigurationException("The property " + property + ".* cannot be applied: " + refusal
					+ ".", "Change the storage, or remove " + property + ".*.");
		}
		return new PartitionedTable(field, settings, family, parts);
	}

	/**
	 * Makes the maintenance of the partitioned tables, or says that H2 keeps them whole.
	 * @param partitions the database's partitions, {@code null} for H2
	 * @param tables the partitioned tables, checked
	 * @param entities the entities the properties name
	 * @return the maintenance, or {@code null} if there is nothing to maintain
	 */
	public static @Nullable PartitionMaintenance maintenance(@Nullable PartitionDialect partitions,
			List<PartitionedTable> tables, Collection<String> entities) {
		if (partitions == null) {
			logger.log(Level.WARNING, "time-sorted-id partitions: H2 has no table partitions; the tables of "
					+ String.join(", ", entities) + " stay whole");
			return null;
		}
		return PartitionMaintenance.of(partitions, tables);
	}

}
