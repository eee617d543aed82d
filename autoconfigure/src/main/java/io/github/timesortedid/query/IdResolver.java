package io.github.timesortedid.query;

import java.util.Optional;

import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Answers, for any ID string, what it is and what it names: the
 * entity type its prefix belongs to, the algorithm, the body, the creation instant, and the stored
 * entity itself, loaded from the right table: by JPA's entity manager, or, in a Spring Data JDBC
 * application, as a whole aggregate by its aggregate template.
 */
public final class IdResolver {

	private final TimeSortedIdRegistry registry;

	private final Loader loader;

	/**
	 * Creates a resolver.
	 * @param registry the {@code @TimeSortedId} registry
	 * @param loader what loads an entity by its ID: {@code EntityManager.find}, or
	 * {@code JdbcAggregateOperations.findById} for Spring Data JDBC
	 */
	public IdResolver(TimeSortedIdRegistry registry, Loader loader) {
		this.registry = registry;
		this.loader = loader;
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
		return Optional.ofNullable(this.loader.find(parsed.field().entityClass(), parsed.value()));
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
		return Optional.ofNullable(type.cast(this.loader.find(type, parsed.value())));
	}

	/** Loads an entity of a type by its ID, as the application's persistence API does. */
	@FunctionalInterface
	public interface Loader {

		/**
		 * Loads an entity.
		 * @param type the entity class
		 * @param id the ID, as the ID attribute holds it
		 * @return the entity, or {@code null} if no row has that ID
		 */
		@Nullable Object find(Class<?> type, Object id);

	}

}
