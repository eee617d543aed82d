package io.github.timesortedid.testsupport;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import javax.sql.DataSource;

/**
 * What a fault-matrix case stored, counted with plain JDBC once every insert has returned: the rows
 * of an aggregate's root table, each found by a reference of its own that the test gave it, and of
 * its child tables. An insert is lost unless its reference has a stored root with all its child
 * rows; a root stored without them counts as lost, as its caller was told it was stored.
 * @param inserts how many references were inserted
 * @param rows the root table's rows
 * @param childRows the rows of each child table
 * @param duplicates roots stored more than once for the same reference
 * @param lost references without a whole stored aggregate
 * @param incomplete roots stored without all their child rows
 * @param unexpected stored references that no insert used
 */
public record AggregateCensus(int inserts, long rows, Map<Children, Long> childRows, long duplicates, long lost,
		long incomplete, Set<String> unexpected) {

	/**
	 * A child table of the aggregate.
	 * @param label its name in the printed line, such as {@code child_rows}
	 * @param table the table
	 * @param parentColumn its column holding the root's ID
	 * @param perAggregate how many rows each whole aggregate has in it
	 */
	public record Children(String label, String table, String parentColumn, int perAggregate) {

	}

	/**
	 * Counts what is stored.
	 * @param references the references of every insert
	 * @param root the root table, whose primary key is {@code id}
	 * @param referenceColumn its column holding the reference
	 * @param children the child tables
	 */
	public static AggregateCensus take(DataSource dataSource, Set<String> references, String root,
			String referenceColumn, List<Children> children) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			Map<Children, Long> childRows = new LinkedHashMap<>();
			for (Children child : children) {
				try (ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + child.table())) {
					count.next();
					childRows.put(child, count.getLong(1));
				}
			}
			String perRoot = children.stream()
				.map(child -> ", (SELECT COUNT(*) FROM " + child.table() + " c WHERE c." + child.parentColumn()
						+ " = r.id)")
				.collect(Collectors.joining());
			long rows = 0;
			long incomplete = 0;
			Set<String> stored = new HashSet<>();
			Set<String> whole = new HashSet<>();
			try (ResultSet roots = statement
				.executeQuery("SELECT r." + referenceColumn + perRoot + " FROM " + root + " r")) {
				while (roots.next()) {
					rows++;
					String reference = roots.getString(1);
					stored.add(reference);
					boolean complete = true;
					for (int i = 0; i < children.size(); i++) {
						complete &= roots.getLong(i + 2) == children.get(i).perAggregate();
					}
					if (complete) {
						whole.add(reference);
					}
					else {
						incomplete++;
					}
				}
			}
			Set<String> unexpected = new HashSet<>(stored);
			unexpected.removeAll(references);
			whole.retainAll(references);
			return new AggregateCensus(references.size(), rows, childRows, rows - stored.size(),
					references.size() - whole.size(), incomplete, unexpected);
		}
	}

	/** The child tables' counts as printed, e.g. {@code child_rows=6000 tag_rows=4000}. */
	public String childSummary() {
		return this.childRows.entrySet()
			.stream()
			.map(entry -> entry.getKey().label() + "=" + entry.getValue())
			.collect(Collectors.joining(" "));
	}

}
