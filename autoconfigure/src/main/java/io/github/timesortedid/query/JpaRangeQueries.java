package io.github.timesortedid.query;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.partitioning.Partition;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.TypedQuery;
import org.hibernate.Session;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.orm.jpa.EntityManagerFactoryUtils;
import org.springframework.orm.jpa.SharedEntityManagerCreator;

/**
 * The queries of {@link TimeRangeRepositoryImpl} for JPA entities: JPQL comparing the identifier
 * with the bounds, ordered by it.
 */
final class JpaRangeQueries implements RangeQueries {

	private final EntityManager entityManager;

	private final EntityManagerFactory entityManagerFactory;

	private JpaRangeQueries(EntityManagerFactory entityManagerFactory) {
		this.entityManager = SharedEntityManagerCreator.createSharedEntityManager(entityManagerFactory);
		this.entityManagerFactory = entityManagerFactory;
	}

	/** Returns the queries of the application's entity manager factory. */
	static RangeQueries of(BeanFactory beans) {
		return new JpaRangeQueries(beans.getBean(EntityManagerFactory.class));
	}

	@Override
	public <T> List<T> find(Class<T> domainType, IdField field, RangeQueries.@Nullable Bound lower,
			RangeQueries.@Nullable Bound upper, boolean ascending, @Nullable Integer limit) {
		String id = "e." + field.attribute();
		List<String> conditions = new ArrayList<>();
		if (lower != null) {
			conditions.add(id + (lower.inclusive() ? " >= " : " > ") + ":lower");
		}
		if (upper != null) {
			conditions.add(id + (upper.inclusive() ? " <= " : " < ") + ":upper");
		}
		// the repository's own type: a subclass entity shares its root's ID attribute, not its rows
		StringBuilder jpql = new StringBuilder("select e from ")
			.append(this.entityManager.getMetamodel().entity(domainType).getName())
			.append(" e");
		if (!conditions.isEmpty()) {
			jpql.append(" where ").append(String.join(" and ", conditions));
		}
		jpql.append(" order by ").append(id).append(ascending ? " asc" : " desc");
		TypedQuery<T> query = this.entityManager.createQuery(jpql.toString(), domainType);
		if (lower != null) {
			query.setParameter("lower", lower.id());
		}
		if (upper != null) {
			query.setParameter("upper", upper.id());
		}
		if (limit != null) {
			query.setMaxResults(limit);
		}
		return query.getResultList();
	}

	@Override
	public List<Partition> partitions(PartitionMaintenance maintenance, PartitionedTable table) {
		EntityManager transactional = EntityManagerFactoryUtils.getTransactionalEntityManager(this.entityManagerFactory);
		EntityManager entityManager = (transactional != null) ? transactional : this.entityManagerFactory.createEntityManager();
		try {
			return entityManager.unwrap(Session.class).doReturningWork(connection -> maintenance.ownPartitions(connection, table));
		}
		finally {
			if (transactional == null) {
				entityManager.close();
			}
		}
	}

}
