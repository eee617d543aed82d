package io.github.timesortedid.hibernate;

import java.io.Serial;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * Hibernate's statement inspector sees SQL, not the values bound to it, so {@link PartitionLookupListener}
 * tells this inspector the bounds of the ID it loads for the time of that load, on the loading
 * thread; the first statement that loads the entity's table by ID takes them. Any other statement
 * passes unchanged. An inspector the application configured as an instance runs first.
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

	/** The lookup under way on each thread: what a load by ID is about to send, and what to add to it. */
	private final transient ThreadLocal<@Nullable Pending> pending = new ThreadLocal<>();

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
		Pending lookup = this.pending.get();
		if (lookup == null || inspected == null) {
			return inspected;
		}
		Rewrite rewrite = new Rewrite(inspected, lookup);
		String known = this.rewritten.get(rewrite);
		if (known != null) {
			// once: a later statement of the same load (a select of another row of the table) has other bounds
			this.pending.remove();
			return known;
		}
		Matcher load = lookup.loader().statement().matcher(inspected);
		if (!load.find() || ALTERNATIVE.matcher(inspected).region(load.end(), inspected.length()).lookingAt()) {
			return inspected;
		}
		this.pending.remove();
		String alias = load.group(1);
		// where to add what, from the end of the text back, so that each position holds as the text grows
		TreeMap<Integer, String> additions = new TreeMap<>(Comparator.reverseOrder());
		additions.put(load.end(), lookup.interval().condition(alias + "." + lookup.loader().column()));
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
	 * Runs a load with the bounds of its lookup for the statement it sends, or as it is without one.
	 * @param lookup the lookup, or {@code null}
	 * @param load Hibernate's load
	 */
	void during(@Nullable Pending lookup, Runnable load) {
		if (lookup == null) {
			load.run();
			return;
		}
		Pending outer = begin(lookup);
		try {
			load.run();
		}
		finally {
			end(outer);
		}
	}

	/**
	 * Starts a load by ID: its statement, when it comes, gets the bounds.
	 * @return the load this one runs inside of, to be restored by {@link #end}
	 */
	@Nullable Pending begin(Pending lookup) {
		Pending outer = this.pending.get();
		this.pending.set(lookup);
		return outer;
	}

	/** Ends a load by ID, whether its statement came or not (the entity was in the session). */
	void end(@Nullable Pending outer) {
		if (outer == null) {
			this.pending.remove();
		}
		else {
			this.pending.set(outer);
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
