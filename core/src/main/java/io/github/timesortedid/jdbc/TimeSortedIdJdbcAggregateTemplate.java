package io.github.timesortedid.jdbc;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.jdbc.AggregateIds.EntityIds;
import org.springframework.context.ApplicationContext;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.convert.DataAccessStrategy;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;

/**
 * Spring Data JDBC's aggregate template, which also inserts a new aggregate whose
 * {@code @TimeSortedId} ID the application set ahead ({@code TimeSortedIds.next(...)}, a typed ID
 * it made). {@link JdbcAggregateTemplate#save} decides between INSERT and UPDATE with the entity's
 * {@code isNew}, before any callback runs: an aggregate with an ID and without a version counts as
 * existing, and its UPDATE of a row that does not exist fails. Here such an aggregate is looked up
 * by its ID first (one {@code SELECT} by primary key, as Spring Data JPA's {@code merge} does): absent,
 * it is inserted. Spring Data JDBC's own judgement stands for an aggregate it already calls new, for
 * one with a {@code @Version} attribute (whose value says new or not), and for an aggregate whose ID
 * is not a {@code @TimeSortedId}. {@link #saveAll} keeps the batching of
 * {@link JdbcAggregateTemplate#insertAll} and {@link JdbcAggregateTemplate#saveAll}. Its lookups by ID
 * ({@code findById}, {@code existsById}, the look-up before an insert) of an aggregate in a partitioned
 * PostgreSQL table carry the bounds of the ID's interval ({@link PartitionedLookups}).
 */
public class TimeSortedIdJdbcAggregateTemplate extends JdbcAggregateTemplate {

	private final RelationalMappingContext context;

	private final AggregateIds aggregates;

	/**
	 * Creates the template, with the arguments of Spring Data JDBC's own.
	 * @param applicationContext the context, which publishes the events and runs the callbacks
	 * @param context the mapping context
	 * @param converter the converter
	 * @param dataAccessStrategy the data access strategy
	 * @param aggregates the {@code @TimeSortedId} attributes of the mapped entities
	 */
	public TimeSortedIdJdbcAggregateTemplate(ApplicationContext applicationContext, RelationalMappingContext context,
			JdbcConverter converter, DataAccessStrategy dataAccessStrategy, AggregateIds aggregates) {
		super(applicationContext, context, converter,
				new PartitionedLookups(dataAccessStrategy, aggregates, context, converter));
		this.context = context;
		this.aggregates = aggregates;
	}

	@Override
	public <T> T save(T instance) {
		return isUnsaved(instance) ? insert(instance) : super.save(instance);
	}

	@Override
	public <T> List<T> saveAll(Iterable<T> instances) {
		List<T> all = new ArrayList<>();
		List<T> inserted = new ArrayList<>();
		List<T> saved = new ArrayList<>();
		List<Boolean> inserts = new ArrayList<>();
		for (T instance : instances) {
			boolean insert = isUnsaved(instance);
			all.add(instance);
			inserts.add(insert);
			(insert ? inserted : saved).add(instance);
		}
		if (inserted.isEmpty()) {
			return super.saveAll(all);
		}
		if (saved.isEmpty()) {
			return insertAll(all);
		}
		// both kinds: each kind in one batch, the results in the order of the arguments
		List<T> insertedResults = insertAll(inserted);
		List<T> savedResults = super.saveAll(saved);
		List<T> results = new ArrayList<>(all.size());
		int nextInserted = 0;
		int nextSaved = 0;
		for (boolean insert : inserts) {
			results.add(insert ? insertedResults.get(nextInserted++) : savedResults.get(nextSaved++));
		}
		return results;
	}

	/**
	 * Tells whether an aggregate is to be inserted: Spring Data JDBC calls it new, or its ID is a
	 * {@code @TimeSortedId} one, set, without a version to tell, and no row has it. The first kind goes
	 * the way {@link JdbcAggregateTemplate#save} would send it, so that {@link #saveAll} can insert both
	 * kinds in one batch.
	 */
	private boolean isUnsaved(Object instance) {
		RelationalPersistentEntity<?> entity = this.context.getRequiredPersistentEntity(instance.getClass());
		if (entity.isNew(instance)) {
			return true;
		}
		if (entity.hasVersionProperty()) {
			return false;
		}
		EntityIds ids = this.aggregates.of(instance.getClass());
		if (ids == null || ids.identifier() == null) {
			return false;
		}
		Object id = entity.getIdentifierAccessor(instance).getRequiredIdentifier();
		return !existsById(id, instance.getClass());
	}

}
