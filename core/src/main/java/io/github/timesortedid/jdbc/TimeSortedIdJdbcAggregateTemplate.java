package io.github.timesortedid.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.timesortedid.jdbc.AggregateIds.EntityIds;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationContext;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.convert.DataAccessStrategy;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.data.relational.core.query.Query;

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
 * {@link JdbcAggregateTemplate#insertAll} and {@link JdbcAggregateTemplate#saveAll}, and counts the
 * stored ones among the aggregates whose IDs were set ahead in one {@code SELECT count(*) … IN (…)}. Its lookups by ID
 * ({@code findById}, {@code existsById}, the look-up before an insert) of an aggregate in a partitioned
 * PostgreSQL table carry the bounds of the ID's interval ({@link PartitionedLookups}).
 */
public class TimeSortedIdJdbcAggregateTemplate extends JdbcAggregateTemplate {

	/** The most IDs one look-up of {@link #saveAll} counts, well under every database's limit of parameters. */
	private static final int IDS_PER_LOOKUP = 1000;

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
		Boolean judged = judged(instance);
		boolean insert = (judged != null) ? judged : !existsById(id(instance), instance.getClass());
		return insert ? insert(instance) : super.save(instance);
	}

	@Override
	public <T> List<T> saveAll(Iterable<T> instances) {
		List<T> all = new ArrayList<>();
		instances.forEach(all::add);
		boolean[] inserts = inserts(all);
		List<T> inserted = new ArrayList<>();
		List<T> saved = new ArrayList<>();
		for (int i = 0; i < all.size(); i++) {
			(inserts[i] ? inserted : saved).add(all.get(i));
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
	 * Tells for each aggregate whether it is to be inserted. The aggregates whose IDs were set ahead
	 * are looked up together, up to {@value #IDS_PER_LOOKUP} IDs of one type in one count: none
	 * stored (a bulk import) or all stored (a replay) is the answer for all of them; only a batch
	 * with both is looked up one by one.
	 */
	private boolean[] inserts(List<?> all) {
		boolean[] inserts = new boolean[all.size()];
		Map<Class<?>, List<Integer>> unknown = new LinkedHashMap<>();
		for (int i = 0; i < all.size(); i++) {
			Object instance = all.get(i);
			Boolean judged = judged(instance);
			if (judged != null) {
				inserts[i] = judged;
			}
			else {
				unknown.computeIfAbsent(instance.getClass(), (type) -> new ArrayList<>()).add(i);
			}
		}
		unknown.forEach((type, indexes) -> {
			String idProperty = this.context.getRequiredPersistentEntity(type).getRequiredIdProperty().getName();
			for (int from = 0; from < indexes.size(); from += IDS_PER_LOOKUP) {
				List<Integer> chunk = indexes.subList(from, Math.min(indexes.size(), from + IDS_PER_LOOKUP));
				Set<Object> ids = new LinkedHashSet<>();
				chunk.forEach((i) -> ids.add(id(all.get(i))));
				long stored = count(Query.query(Criteria.where(idProperty).in(ids)), type);
				for (int i : chunk) {
					inserts[i] = (stored == 0) || (stored < ids.size() && !existsById(id(all.get(i)), type));
				}
			}
		});
		return inserts;
	}

	/**
	 * Tells whether an aggregate is to be inserted as far as it can be told without reading: Spring
	 * Data JDBC calls it new, or it has a {@code @Version} attribute (whose value tells), or its ID is
	 * not a {@code @TimeSortedId} one. The first kind goes the way {@link JdbcAggregateTemplate#save}
	 * would send it, so that {@link #saveAll} can insert both kinds in one batch.
	 * @return true or false, or {@code null} for a {@code @TimeSortedId} ID set ahead: it is to be
	 * inserted if no row has it
	 */
	private @Nullable Boolean judged(Object instance) {
		RelationalPersistentEntity<?> entity = this.context.getRequiredPersistentEntity(instance.getClass());
		if (entity.isNew(instance)) {
			return true;
		}
		if (entity.hasVersionProperty()) {
			return false;
		}
		EntityIds ids = this.aggregates.of(instance.getClass());
		return (ids == null || ids.identifier() == null) ? false : null;
	}

	private Object id(Object instance) {
		return this.context.getRequiredPersistentEntity(instance.getClass())
			.getIdentifierAccessor(instance)
			.getRequiredIdentifier();
	}

}
