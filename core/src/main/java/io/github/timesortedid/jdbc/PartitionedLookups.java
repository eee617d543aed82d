package io.github.timesortedid.jdbc;

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
 * Connector/J sends in the statement) go to Spring Data JDBC's own lookup. The entities the root
 * holds are loaded by their back reference to it, as Spring Data JDBC loads them.
 */
final class PartitionedLookups extends DelegatingDataAccessStrategy {

	private final AggregateIds aggregates;

	private final JdbcConverter converter;

	private final SqlGeneratorSource statements;

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

	/** The lookup of an ID with its interval's bounds, or {@code null} for one Spring Data JDBC's own lookup serves. */
	private @Nullable Lookup lookup(Object id, Class<?> domainType) {
		PartitionMaintenance maintenance = this.aggregates.registry().partitionMaintenance().orElse(null);
		if (maintenance == null || !maintenance.prunesLookupsByLiterals()) {
			return null;
		}
		AggregateIds.EntityIds ids = this.aggregates.of(domainType);
		IdField field = (ids != null) ? ids.identifier() : null;
		PartitionedTable table = (field != null) ? maintenance.table(field).orElse(null) : null;
		PartitionedTable.Interval interval = (table != null) ? table.intervalOf(id) : null;
		if (interval == null) {
			return null;
		}
		RelationalPersistentEntity<?> entity = ids.entity();
		IdentifierProcessing names = getDialect().getIdentifierProcessing();
		String column = entity.getQualifiedTableName().toSql(names) + "."
				+ entity.getRequiredIdProperty().getColumnName().toSql(names);
		return new Lookup(entity, Query.query(Criteria.where(entity.getRequiredIdProperty().getName()).is(id)), column,
				interval);
	}

	/**
	 * A lookup by ID with bounds.
	 * @param entity the aggregate root
	 * @param query the lookup as Spring Data JDBC writes it: the ID column equal to the ID, bound as
	 * its query methods bind it
	 * @param column the ID column as the statement names it
	 * @param interval the bounds of the ID's interval
	 */
	private record Lookup(RelationalPersistentEntity<?> entity, Query query, String column,
			PartitionedTable.Interval interval) {

		/**
		 * The statement of the query with the bounds: Spring Data JDBC writes the {@code where} of a
		 * query without order, limit or lock last, and the query's one condition holds no {@code or}.
		 */
		String bounded(String statement) {
			return statement + this.interval.condition(this.column);
		}

	}

}
