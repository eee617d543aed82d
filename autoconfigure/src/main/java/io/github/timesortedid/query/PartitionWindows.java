package io.github.timesortedid.query;

import java.time.Instant;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;

import io.github.timesortedid.partitioning.Partition;
import org.jspecify.annotations.Nullable;

/**
 * Where a table's rows may lie, as its partitions list them: the instants at which a range of IDs
 * passes from one partition to another, PostgreSQL's default partition counting as one (it holds
 * every range no other partition does: before the first, between two, after the last), MariaDB's
 * first and last as the ranges below and above the others. Between two such instants the rows lie in
 * one partition, so that a range of IDs over two of these spans reads at most two partitions, however
 * many intervals it covers: a window of a keyset page leaps over a run of intervals without a
 * partition (and without rows outside the default one) in one statement.
 */
final class PartitionWindows {

	/** None: the partitions' bounds cannot be read, so windows are open. */
	private static final PartitionWindows OPEN = new PartitionWindows(new TreeSet<>());

	private final NavigableSet<Instant> edges;

	private PartitionWindows(NavigableSet<Instant> edges) {
		this.edges = edges;
	}

	/**
	 * Reads the partitions as the catalog lists them. A partition with a bound that is not one of these
	 * IDs' (made by hand, a bound of another format) leaves the ranges unknown: every window is then
	 * open, which finds the same rows in one statement that reads every partition on its side.
	 */
	static PartitionWindows of(List<Partition> partitions) {
		NavigableSet<Instant> edges = new TreeSet<>();
		for (Partition partition : partitions) {
			// no lower bound: PostgreSQL's MINVALUE, MariaDB's first partition; no upper: MAXVALUE
			boolean unknown = !partition.isDefault() && ((partition.to() == null && !partition.bounds().contains("MAXVALUE"))
					|| (partition.from() == null && !partition.bounds().contains("MINVALUE")
							&& !partition.bounds().startsWith("VALUES LESS THAN")));
			if (unknown) {
				return OPEN;
			}
			if (partition.from() != null) {
				edges.add(partition.from());
			}
			if (partition.to() != null) {
				edges.add(partition.to());
			}
		}
		return new PartitionWindows(edges);
	}

	/**
	 * Returns the far end of the window that starts at an instant: the end of the range of one
	 * partition that holds the instant (or is next to it) and of the range after it.
	 * @param edge where the window starts, or {@code null} for the first (lowest or highest) IDs
	 * @param ascending whether the window goes up from {@code edge} or down
	 * @return the end, or {@code null} if the window is open up to the last IDs on its side
	 */
	@Nullable Instant end(@Nullable Instant edge, boolean ascending) {
		Instant first = ascending ? ((edge != null) ? this.edges.higher(edge) : first(true))
				: ((edge != null) ? this.edges.lower(edge) : first(false));
		return (first != null) ? (ascending ? this.edges.higher(first) : this.edges.lower(first)) : null;
	}

	private @Nullable Instant first(boolean ascending) {
		return this.edges.isEmpty() ? null : (ascending ? this.edges.first() : this.edges.last());
	}

}
