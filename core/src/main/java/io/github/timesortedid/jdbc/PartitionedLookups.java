package io.github.timesortedid.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.data.jdbc.core.convert.DataAccessStrategy;
import org.springframework.data.jdbc.core.convert.DelegatingDataAccessStrategy;
import org.springframework.data.jdbc.core.convert.EntityRowMapper;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.jdbc.core.convert.SqlGeneratorSource;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.data.relational.core.query.Query;
import org.springframework.data.relational.core.sql.IdentifierProcessing;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * Spring Data JDBC's data access, whose lookups by ID of an aggregate in a partitioned PostgreSQL
 * table carry the bounds of the ID's interval, as JPA's do (the Hibernate adapter's
 * {@code PartitionLookups}): {@code where "journey"."id" = :id} becomes {@code where "journey"."id" =
 * :id and "journey"."id">='jrn_01kqtpye…' and "journey"."id"<'jrn_01kqx9b5…'}. The bounds are
 * implied by the ID's own condition, so the rows found are the same; as literals they let PostgreSQL
 * prune when it plans, so that a generic plan (PgJDBC prepares a statement on the server after its
 * fifth execution, {@code plan_cache_mode=force_generic_plan}) holds the ID's partition alone, where
 * for {@code id = $1} alone it holds every partition and prunes them as each execution starts. The
 * bounds are the partitioned table's ({@link PartitionedTable#intervalOf}): an ID they do not hold,
 * any other aggregate, and every other database (MariaDB prunes each lookup by its own ID, which
 * Connector/J sends in the statement) go to Spring Data JDBC's own lookup. An entity the root holds
 * alone, which Spring Data JDBC joins into the statement by its back reference, gets the same bounds
 * on that column in the join's condition: its table is partitioned by it, and PostgreSQL does not
 * carry a range on the root's ID across an outer join. For the same reason a query of the aggregate
 * ({@code findAll(Query)}, which {@code TimeRangeRepository} sends) whose conditions on the root's
 * ID are all joined by {@code and} gets them on that back reference too, with the same parameters.
 * The entities the root holds in collections are loaded by their back reference to it, as Spring
 * Data JDBC loads them.
 */
final class PartitionedLookups extends DelegatingDataAccessStrategy {

	private final AggregateIds aggregates;

	private final JdbcConverter converter;

	private final SqlGeneratorSource statements;

	/** The patterns of each partitioned root's ID column, compiled once rather than on every lookup. */
	private final Map<String, Patterns> patterns = new ConcurrentHashMap<>();

	/**
	 * @param delegate Spring Data JDBC's data access, which does everything else
	 * @param aggregates the {@code @TimeSortedId} attributes, whose registry knows the partitioned tables
	 * @param context the mapping context
	 * @param converter the converter
	 */
	PartitionedLookups(DataAccessStrategy delegate, AggregateIds aggregates, RelationalMappingContext context,
			JdbcConverter converter) {
		super(delegate);
		this.aggregates = aggregates;
		this.converter = converter;
		this.statements = new SqlGeneratorSource(context, converter, delegate.getDialect());
	}

	@Override
	public <T> @Nullable T findById(Object id, Class<T> domainType) {
		Lookup lookup = lookup(id, domainType);
		if (lookup == null) {
			return super.findById(id, domainType);
		}
		@SuppressWarnings("unchecked")
		RelationalPersistentEntity<T> entity = (RelationalPersistentEntity<T>) lookup.entity();
		MapSqlParameterSource parameters = new MapSqlParameterSource();
		String sql = lookup.bounded(this.statements.getSqlGenerator(domainType).selectByQuery(lookup.query(), parameters));
		try {
			return getJdbcOperations().queryForObject(sql, parameters, new EntityRowMapper<>(entity, this.converter));
		}
		catch (EmptyResultDataAccessException ex) {
			return null;
		}
	}

	@Override
	public <T> boolean existsById(Object id, Class<T> domainType) {
		Lookup lookup = lookup(id, domainType);
		if (lookup == null) {
			return super.existsById(id, domainType);
		}
		MapSqlParameterSource parameters = new MapSqlParameterSource();
		String sql = lookup.bounded(this.statements.getSqlGenerator(domainType).existsByQuery(lookup.query(), parameters));
		return Boolean.TRUE.equals(getJdbcOperations().queryForObject(sql, parameters, Boolean.class));
	}

	@Override
	public <T> Iterable<T> findAll(Query query, Class<T> domainType) {
		Aggregate aggregate = aggregate(domainType);
		if (aggregate == null) {
			return super.findAll(query, domainType);
		}
		MapSqlParameterSource parameters = new MapSqlParameterSource();
		String statement = this.statements.getSqlGenerator(domainType).selectByQuery(query, parameters);
		String bounded = aggregate.joinsBounded(statement);
		if (bounded.equals(statement)) {
			return super.findAll(query, domainType);
		}
		@SuppressWarnings("unchecked")
		RelationalPersistentEntity<T> entity = (RelationalPersistentEntity<T>) aggregate.entity();
		return getJdbcOperations().query(bounded, parameters, new EntityRowMapper<>(entity, this.converter));
	}

	/** The lookup of an ID with its interval's bounds, or {@code null} for one Spring Data JDBC's own lookup serves. */
	private @Nullable Lookup lookup(Object id, Class<?> domainType) {
		Aggregate aggregate = aggregate(domainType);
		PartitionedTable.Interval interval = (aggregate != null) ? aggregate.table().intervalOf(id) : null;
		if (interval == null) {
			return null;
		}
		RelationalPersistentEntity<?> entity = aggregate.entity();
		return new Lookup(aggregate, Query.query(Criteria.where(entity.getRequiredIdProperty().getName()).is(id)),
				interval);
	}

	/**
	 * The partitioned aggregate of a type whose statements get conditions that let PostgreSQL prune
	 * when it plans, or {@code null}.
	 */
	private @Nullable Aggregate aggregate(Class<?> domainType) {
		PartitionMaintenance maintenance = this.aggregates.registry().partitionMaintenance().orElse(null);
		if (maintenance == null || !maintenance.prunesLookupsByLiterals()) {
			return null;
		}
		AggregateIds.EntityIds ids = this.aggregates.of(domainType);
		IdField field = (ids != null) ? ids.identifier() : null;
		PartitionedTable table = (field != null) ? maintenance.table(field).orElse(null) : null;
		if (table == null) {
			return null;
		}
		RelationalPersistentEntity<?> entity = ids.entity();
		IdentifierProcessing names = getDialect().getIdentifierProcessing();
		String column = entity.getQualifiedTableName().toSql(names) + "."
				+ entity.getRequiredIdProperty().getColumnName().toSql(names);
		return new Aggregate(entity, table, column, this.patterns.computeIfAbsent(column, Patterns::of));
	}

	/**
	 * A partitioned aggregate as its statements name it.
	 * @param entity the aggregate root
	 * @param table the root's partitioned table
	 * @param column the root's ID column as the statements name it
	 * @param patterns the patterns of that column
	 */
	private record Aggregate(RelationalPersistentEntity<?> entity, PartitionedTable table, String column,
			Patterns patterns) {

		/** A word of SQL that makes a condition more than a conjunction, outside quoted names. */
		private static final Pattern NOT_A_CONJUNCTION = Pattern.compile("(?i)\\b(or|not|select)\\b");

		/**
		 * The statement with each comparison of the root's ID in its {@code where}, with the same
		 * parameter, on each back reference joined to that ID too: an entity the root holds alone is
		 * joined by {@code left outer join … on <back reference> = <root's ID>}, and PostgreSQL does not
		 * carry a range on the root's ID across an outer join to the back reference, by which the held
		 * table is partitioned. Only a {@code where} of comparisons joined by {@code and} is copied, so
		 * that a joined row still holds every condition its root holds; the statement stays as it is
		 * otherwise.
		 */
		String joinsBounded(String statement) {
			int where = statement.lastIndexOf(" WHERE ");
			if (where < 0 || NOT_A_CONJUNCTION.matcher(statement.substring(where).replaceAll("\"[^\"]*\"", "")).find()) {
				return statement;
			}
			Matcher comparisons = this.patterns.comparison().matcher(statement.substring(where));
			List<String> ranges = new ArrayList<>();
			while (comparisons.find()) {
				ranges.add(" " + comparisons.group(1) + " " + comparisons.group(2));
			}
			return ranges.isEmpty() ? statement : onJoins(statement, (backReference) -> ranges.stream()
				.map((range) -> " AND " + backReference + range)
				.collect(Collectors.joining()));
		}

		/** The statement with a condition on each back reference joined to the root's ID. */
		String onJoins(String statement, UnaryOperator<String> conditionOn) {
			return this.patterns.join()
				.matcher(statement)
				.replaceAll((join) -> Matcher.quoteReplacement(join.group() + conditionOn.apply(join.group(1))));
		}

	}

	/**
	 * The patterns of a root's ID column in Spring Data JDBC's statements.
	 * @param comparison a comparison of the column with a named parameter
	 * @param join the condition of a join of a back reference to the column
	 */
	private record Patterns(Pattern comparison, Pattern join) {

		static Patterns of(String column) {
			return new Patterns(Pattern.compile(Pattern.quote(column) + " (>=|<=|>|<|=) (:\\w+)"),
					Pattern.compile(" ON (\\S+) = " + Pattern.quote(column) + "(?=\\s|$)"));
		}

	}

	/**
	 * A lookup by ID with bounds.
	 * @param aggregate the partitioned aggregate
	 * @param query the lookup as Spring Data JDBC writes it: the ID column equal to the ID, bound as
	 * its query methods bind it
	 * @param interval the bounds of the ID's interval
	 */
	private record Lookup(Aggregate aggregate, Query query, PartitionedTable.Interval interval) {

		RelationalPersistentEntity<?> entity() {
			return this.aggregate.entity();
		}

		/**
		 * The statement of the query with the bounds: Spring Data JDBC writes the {@code where} of a
		 * query without order, limit or lock last, and the query's one condition holds no {@code or}.
		 * Each back reference joined to the root's ID gets them too ({@link Aggregate#joinsBounded}):
		 * they hold for every row the join matches, so the rows found are the same.
		 */
		String bounded(String statement) {
			return this.aggregate.onJoins(statement, this.interval::condition)
					+ this.interval.condition(this.aggregate.column());
		}

	}

}
