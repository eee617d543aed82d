package io.github.timesortedid.hibernate;

import java.io.Serial;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.timesortedid.partitioning.PartitionedTable;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.jspecify.annotations.Nullable;

/**
 * Writes the bounds of an ID's interval into the statement Hibernate sends to load an entity of a
 * partitioned PostgreSQL table by that ID: {@code where p1_0.id=?} becomes {@code where p1_0.id=?
 * and p1_0.id>='post_01jh…' and p1_0.id<'post_01jk…'}. The condition is implied by the ID's own, so
 * the rows found are the same; with literal bounds PostgreSQL prunes when it plans, a generic plan
 * of the statement holds one partition, and PostgreSQL keeps it instead of planning every lookup
 * (which it does for {@code id = $1} alone, whose generic plan holds every partition). The
 * statement text is one per interval, each prepared and planned once per connection.
 * <p>
 * Hibernate's statement inspector sees SQL, not the values bound to it, so the bounds must reach
 * the one statement that carries the ID they were computed from, and no other. Why they do:
 * <ul>
 * <li>{@link PartitionLookupListener} opens a {@linkplain #during frame} around each of Hibernate's
 * loads by ID, refreshes and collection initializations, on the loading thread, and closes it when
 * the load returns or fails. Every such load opens one, with or without bounds, so a load nested in
 * another (an association fetched by a select of its own) never sees its outer load's bounds; the
 * outer frame is back when the nested one closes.</li>
 * <li>A frame offers its bounds to one statement only: the first that is inspected while it is the
 * innermost frame. Hibernate sends a load's own statement before anything that processes its rows
 * (nested loads, callbacks, the queries an application runs in them), so the first statement is
 * the load's own; it gets the bounds if it is shaped like a load of the table by its ID
 * ({@code from <table> <alias> … where <alias>.<id>=?}, no {@code or} after it) and otherwise goes as it is
 * (a batch's {@code id = any (?)}). Either way the frame is spent.</li>
 * <li>A row assembled without a statement (from the second-level cache) spends the frame as well,
 * through {@link #loaded()} on Hibernate's pre-load event, so the queries of its callbacks do not
 * take the bounds.</li>
 * </ul>
 * Any other statement passes unchanged: one outside a frame, one of another thread, one after a
 * failed load. An inspector the application configured as an instance runs first.
 */
final class PartitionLookups implements StatementInspector {

	@Serial
	private static final long serialVersionUID = 1L;

	/**
	 * An {@code or} right after a condition, where {@code and} with the bounds would bind to the
	 * condition alone and change the statement's meaning; Hibernate does not write one there, and a
	 * statement that has one is sent as it is.
	 */
	private static final Pattern ALTERNATIVE = Pattern.compile("\\s+or\\b", Pattern.CASE_INSENSITIVE);

	/** The most statements kept with their bounds: a few loading statements per table, times the intervals looked up. */
	private static final int MOST_STATEMENTS_KEPT = 10_000;

	private final StatementInspector application;

	/** The innermost load under way on each thread. */
	private final transient ThreadLocal<@Nullable Frame> frame = new ThreadLocal<>();

	/** The statements already given bounds: the same few come again for every lookup of an interval. */
	private final transient Map<Rewrite, String> rewritten = new ConcurrentHashMap<>();

	/**
	 * @param application the inspector the application configured, or {@link StatementInspector#NONE}
	 */
	PartitionLookups(StatementInspector application) {
		this.application = application;
	}

	@Override
	public @Nullable String inspect(String sql) {
		String inspected = this.application.inspect(sql);
		Frame load = this.frame.get();
		if (load == null || load.spent || inspected == null) {
			return inspected;
		}
		load.spent = true;
		Pending lookup = load.lookup;
		if (lookup == null) {
			return inspected;
		}
		Rewrite rewrite = new Rewrite(inspected, lookup);
		String known = this.rewritten.get(rewrite);
		if (known != null) {
			return known;
		}
		Matcher statement = lookup.loader().statement().matcher(inspected);
		if (!statement.find() || ALTERNATIVE.matcher(inspected).region(statement.end(), inspected.length()).lookingAt()) {
			return inspected;
		}
		String alias = statement.group(1);
		// where to add what, from the end of the text back, so that each position holds as the text grows
		TreeMap<Integer, String> additions = new TreeMap<>(Comparator.reverseOrder());
		additions.put(statement.end(), lookup.interval().condition(alias + "." + lookup.loader().column()));
		for (Join join : lookup.loader().joins()) {
			Matcher on = join.pattern().matcher(inspected);
			while (on.find()) {
				if ((alias.equals(on.group(2)) || alias.equals(on.group(3)))
						&& !ALTERNATIVE.matcher(inspected).region(on.end(), inspected.length()).lookingAt()) {
					additions.put(on.end(), lookup.interval().condition(on.group(1) + "." + join.column()));
				}
			}
		}
		StringBuilder text = new StringBuilder(inspected);
		additions.forEach(text::insert);
		if (this.rewritten.size() >= MOST_STATEMENTS_KEPT) {
			this.rewritten.clear();
		}
		this.rewritten.put(rewrite, text.toString());
		return text.toString();
	}

	/**
	 * Runs a load in a frame of its own: the first statement it sends gets the bounds of its lookup
	 * if it is shaped like the lookup's; with no lookup, or after that statement, none does.
	 * @param lookup the lookup, or {@code null} for a load whose statement gets no bounds
	 * @param load Hibernate's load
	 */
	void during(@Nullable Pending lookup, Runnable load) {
		Frame outer = this.frame.get();
		this.frame.set(new Frame(lookup));
		try {
			load.run();
		}
		finally {
			if (outer == null) {
				this.frame.remove();
			}
			else {
				this.frame.set(outer);
			}
		}
	}

	/** A row of the innermost load has been read, from a statement or a cache: no later statement is its own. */
	void loaded() {
		Frame load = this.frame.get();
		if (load != null) {
			load.spent = true;
		}
	}

	@Serial
	private Object readResolve() {
		return new PartitionLookups(this.application);
	}

	/**
	 * How Hibernate loads rows of a partitioned table by the value of its partition column: {@code from
	 * <table> <alias> … where <alias>.<column>=?}, whatever it selects and joins between, and the
	 * tables partitioned alike that it may join on that column ({@code left join post_tag t1_0 on
	 * p1_0.id=t1_0.post_id}, an eager element collection), whose {@code on} gets the bounds too, so
	 * that they are pruned when planned as well.
	 * @param statement matches a loading statement up to its {@code =?}, the table's alias its first group
	 * @param column the partition column as Hibernate writes it
	 * @param joins the tables partitioned alike, as they may be joined
	 */
	record Loader(Pattern statement, String column, List<Join> joins) {

		/**
		 * @param table the table as Hibernate writes it in SQL (qualified and quoted as mapped)
		 * @param column the partition column as Hibernate writes it
		 * @param dependents the tables partitioned alike and their columns that reference {@code column}
		 */
		static Loader of(String table, String column, List<PartitionedTable.Part> dependents) {
			Pattern statement = Pattern.compile("\\bfrom " + Pattern.quote(table) + " (\\w+) (?:(?!\\bwhere\\b).)*\\bwhere \\1\\."
					+ Pattern.quote(column) + "=\\?", Pattern.DOTALL);
			return new Loader(statement, column, dependents.stream().map(dependent -> Join.of(dependent, column)).toList());
		}

	}

	/**
	 * A table partitioned alike, as a loading statement joins it on the partition column.
	 * @param pattern matches {@code join <table> <alias> on <root alias>.<column>=<alias>.<reference>}
	 * (or the other way round): the alias is the first group, the root's alias the second or third
	 * @param column the referencing column
	 */
	record Join(Pattern pattern, String column) {

		static Join of(PartitionedTable.Part dependent, String rootColumn) {
			String table = "(?:\\w+\\.)?\"?" + Pattern.quote(dependent.name()) + "\"?";
			String reference = "\"?" + Pattern.quote(dependent.column()) + "\"?";
			String root = Pattern.quote(rootColumn);
			Pattern pattern = Pattern.compile("\\bjoin " + table + " (\\w+) on (?:(\\w+)\\." + root + "=\\1\\." + reference
					+ "|\\1\\." + reference + "=(\\w+)\\." + root + ")");
			String column = dependent.quoted() ? "\"" + dependent.column() + "\"" : dependent.column();
			return new Join(pattern, column);
		}

	}

	/** A load under way on a thread: the bounds it offers, and whether a statement or a row has come since it began. */
	private static final class Frame {

		private final @Nullable Pending lookup;

		private boolean spent;

		Frame(@Nullable Pending lookup) {
			this.lookup = lookup;
		}

	}

	/**
	 * A statement and the lookup that gives it bounds.
	 * @param sql the statement
	 * @param lookup the lookup
	 */
	private record Rewrite(String sql, Pending lookup) {
	}

	/**
	 * A load by ID under way.
	 * @param loader how its statement looks
	 * @param interval the bounds of the ID's interval
	 */
	record Pending(Loader loader, PartitionedTable.Interval interval) {
	}

}
