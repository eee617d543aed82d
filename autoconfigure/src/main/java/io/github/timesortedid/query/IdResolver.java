package io.github.timesortedid.query;

import java.util.Optional;

import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.orm.jpa.SharedEntityManagerCreator;

/**
 * Answers, for any ID string, what it is and what it names: the
 * entity type its prefix belongs to, the algorithm, the body, the creation instant, and the stored
 * entity itself, loaded from the right table.
 */
public final class IdResolver {

	private final TimeSortedIdRegistry registry;

	private final EntityManager entityManager;

	/**
	 * Creates a resolver.
	 * @param registry the {@code @TimeSortedId} registry
	 * @param entityManagerFactory the entity manager factory to load entities from
	 */
	public IdResolver(TimeSortedIdRegistry registry, EntityManagerFactory entityManagerFactory) {
		this.registry = registry;
		this.entityManager = SharedEntityManagerCreator.createSharedEntityManager(entityManagerFactory);
	}

	/**
	 * Parses any prefixed ID.
	 * @param id the ID text; {@code null} is refused like empty text
	 * @return entity type, algorithm, body and creation instant
	 * @throws InvalidIdException if it is {@code null} or empty, too long, has an unknown prefix or a bad
	 * body
	 */
	public ParsedId parse(@Nullable String id) {
		return this.registry.parse(id);
	}

	/**
	 * Loads the entity an ID names, from its entity's table.
	 * @param id the ID text; {@code null} is refused like empty text
	 * @return the entity, or empty if no row has that ID
	 * @throws InvalidIdException if the ID cannot be parsed
	 */
	public Optional<Object> find(@Nullable String id) {
		ParsedId parsed = parse(id);
		return Optional.ofNullable(this.entityManager.find(parsed.field().entityClass(), parsed.value()));
	}

	/**
	 * Loads the entity an ID names, if it is of the expected type.
	 * @param <T> the expected entity type
	 * @param id the ID text; {@code null} is refused like empty text
	 * @param type the expected entity class
	 * @return the entity, or empty if no row has that ID
	 * @throws InvalidIdException if the ID cannot be parsed or belongs to another entity type
	 */
	public <T> Optional<T> find(@Nullable String id, Class<T> type) {
		ParsedId parsed = parse(id);
		if (!type.isAssignableFrom(parsed.field().entityClass())) {
			throw new InvalidIdException(id, "an ID of " + parsed.entityName() + ", not of " + type.getSimpleName());
		}
		return Optional.ofNullable(this.entityManager.find(type, parsed.value()));
	}

}
