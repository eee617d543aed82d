package io.github.timesortedid.schema;

import java.util.Map;

import io.github.timesortedid.testsupport.Database;
import org.springframework.jdbc.core.JdbcTemplate;

/** Reads a column's type, length and collation from the database's information_schema. */
public final class ColumnInspector {

	private ColumnInspector() {
	}

	public static String describe(Database database, JdbcTemplate jdbc, String table, String column) {
		switch (database) {
			case H2: {
				Map<String, Object> row = jdbc.queryForMap("SELECT data_type, character_maximum_length "
						+ "FROM information_schema.columns WHERE table_name = ? AND column_name = ?", table.toUpperCase(),
						column.toUpperCase());
				Object length = row.get("CHARACTER_MAXIMUM_LENGTH");
				boolean sized = "CHARACTER VARYING".equals(row.get("DATA_TYPE")) || "BINARY".equals(row.get("DATA_TYPE"));
				return row.get("DATA_TYPE") + ((length != null && sized) ? "(" + length + ")" : "");
			}
			case POSTGRESQL: {
				Map<String, Object> row = jdbc.queryForMap("SELECT data_type, character_maximum_length, collation_name "
						+ "FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? "
						+ "AND column_name = ?", table, column);
				Object length = row.get("character_maximum_length");
				return row.get("data_type") + ((length != null) ? "(" + length + ")" : "")
						+ ((row.get("collation_name") != null) ? " collate " + row.get("collation_name") : "");
			}
			default: {
				Map<String, Object> row = jdbc.queryForMap("SELECT column_type, character_set_name, collation_name "
						+ "FROM information_schema.columns WHERE table_schema = database() AND table_name = ? "
						+ "AND column_name = ?", table, column);
				return row.get("column_type") + ((row.get("character_set_name") != null)
						? " " + row.get("character_set_name") + " " + row.get("collation_name") : "");
			}
		}
	}

}
