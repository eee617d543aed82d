package io.github.timesortedid.hibernate;

import java.util.ArrayList;
import java.util.List;

import org.hibernate.boot.Metadata;
import org.hibernate.boot.model.relational.SqlStringGenerationContext;
import org.hibernate.dialect.Dialect;
import org.hibernate.mapping.ForeignKey;
import org.hibernate.mapping.Index;
import org.hibernate.mapping.Table;
import org.hibernate.mapping.UniqueKey;

/**
 * The statements Hibernate's schema creation writes for some tables of the mapping, through the
 * dialect's own exporters and in the order {@code SchemaCreatorImpl} sends them: each table (with
 * its options, such as the clause that partitions it, and its init commands, such as its default
 * partition), then the indexes and unique keys of each, then their foreign keys, those whose
 * creation is enabled. So the DDL a migration gets is the DDL {@code ddl-auto=create} runs.
 */
final class MappedDdl {

	private MappedDdl() {
	}

	static List<String> of(List<Table> tables, Metadata metadata, Dialect dialect, SqlStringGenerationContext context) {
		List<String> statements = new ArrayList<>();
		for (Table table : tables) {
			add(statements, dialect.getTableExporter().getSqlCreateStrings(table, metadata, context));
		}
		for (Table table : tables) {
			for (Index index : table.getIndexes().values()) {
				add(statements, dialect.getIndexExporter().getSqlCreateStrings(index, metadata, context));
			}
			for (UniqueKey uniqueKey : table.getUniqueKeys().values()) {
				add(statements, dialect.getUniqueKeyExporter().getSqlCreateStrings(uniqueKey, metadata, context));
			}
		}
		for (Table table : tables) {
			for (ForeignKey foreignKey : table.getForeignKeyCollection()) {
				if (foreignKey.isCreationEnabled()) {
					add(statements, dialect.getForeignKeyExporter().getSqlCreateStrings(foreignKey, metadata, context));
				}
			}
		}
		return statements;
	}

	private static void add(List<String> statements, String[] created) {
		for (String statement : created) {
			if (statement != null && !statement.isBlank()) {
				statements.add(statement);
			}
		}
	}

}
