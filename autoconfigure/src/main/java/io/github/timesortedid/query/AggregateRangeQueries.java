package io.github.timesortedid.query;

import java.util.List;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.partitioning.Partition;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.data.domain.Sort;
import org.springframework.data.jdbc.core.JdbcAggregateOperations;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.data.relational.core.query.Query;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;

/**
 * The queries of {@link TimeRangeRepositoryImpl} for Spring Data JDBC aggregates: a {@link Query} of
 * {@link Criteria} on the ID property, sorted by it, run by the {@link JdbcAggregateOperations}
 * Spring Data JDBC's repositories use, which loads whole aggregates (the root, then the entities
 * inside it) and writes the SQL of the database's dialect.
 */
final class AggregateRangeQueries implements RangeQueries {

	private final JdbcAggregateOperations aggregates;

	private final BeanFactory beans;

	private AggregateRangeQueries(JdbcAggregateOperations aggregates, BeanFactory beans) {
		this.aggregates = aggregates;
		this.beans = beans;
	}

	/** Returns the queries of the application's Spring Data JDBC. */
	static RangeQueries of(BeanFactory beans) {
		return new AggregateRangeQueries(beans.getBean(JdbcAggregateOperations.class), beans);
	}

	@Override
	public <T> List<T> find(Class<T> domainType, IdField field, RangeQueries.@Nullable Bound lower,
			RangeQueries.@Nullable Bound upper, boolean ascending, @Nullable Integer limit) {
		String id = field.attribute();
		Criteria criteria = Criteria.empty();
		if (lower != null) {
			Criteria.CriteriaStep step = Criteria.where(id);
			criteria = lower.inclusive() ? step.greaterThanOrEquals(lower.id()) : step.greaterThan(lower.id());
		}
		if (upper != null) {
			Criteria.CriteriaStep step = criteria.isEmpty() ? Criteria.where(id) : criteria.and(id);
			criteria = upper.inclusive() ? step.lessThanOrEquals(upper.id()) : step.lessThan(upper.id());
		}
		Query query = Query.query(criteria).sort(Sort.by(ascending ? Sort.Direction.ASC : Sort.Direction.DESC, id));
		return this.aggregates.findAll((limit != null) ? query.limit(limit) : query, domainType);
	}

	@Override
	public List<Partition> partitions(PartitionMaintenance maintenance, PartitionedTable table) {
		List<Partition> partitions = this.beans.getBean(NamedParameterJdbcOperations.class)
			.getJdbcOperations()
			.execute((ConnectionCallback<List<Partition>>) connection -> maintenance.ownPartitions(connection, table));
		return (partitions != null) ? partitions : List.of();
	}

}
