package io.github.timesortedid;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.KotlinValueClasses;
import io.github.timesortedid.model.TimeSortedIdRegistry;

/**
 * Mints IDs ahead of a request, exactly as the entity's {@code @TimeSortedId} attribute would: the
 * step that makes a client's retry safe (the client asks for an ID, then sends the same request
 * with it as often as it needs). Spring Boot provides it as a bean.
 *
 * <pre>
 * PostId id = ids.next(PostId.class);   // by typed ID
 * PostId same = ids.next(Post.class);   // by entity: the type of its ID attribute
 * String text = ids.nextWithPrefix("post");
 * PostId old = ids.nextAt(Post.class, Instant.parse("2019-03-01T12:00:00Z"));   // for a known instant
 * </pre>
 */
public final class TimeSortedIds {

	private final TimeSortedIdRegistry registry;

	/**
	 * Creates a minter over the attributes a registry has mapped.
	 * @param registry the registry of the application's {@code @TimeSortedId} attributes
	 */
	public TimeSortedIds(TimeSortedIdRegistry registry) {
		this.registry = registry;
	}

	/**
	 * Makes a new ID for an entity class or a typed ID class.
	 * @param <T> the ID's Java type: the typed ID, or the entity's ID attribute type ({@code String},
	 * {@code Long}, {@code UUID} or a typed ID; a Kotlin value class, boxed)
	 * @param type an entity class with an {@code @Id @TimeSortedId} attribute (inherited ones
	 * included), or the typed ID class (or Kotlin value class) of one
	 * @return a new ID, never handed out before
	 * @throws IllegalArgumentException if the class is neither
	 */
	@SuppressWarnings("unchecked")
	public <T> T next(Class<?> type) {
		IdField field = field(type);
		return (T) declared(field, field.next());
	}

	/**
	 * Makes a new ID that carries a given instant instead of the clock's, exactly as the attribute's
	 * format writes its IDs (prefix, encoding, Java type): for rows whose time is known elsewhere,
	 * such as historical rows being imported, a back-fill, or a test that needs rows of given months.
	 * IDs minted for one instant never repeat and follow the order of the attribute's IDs, however
	 * many threads ask; {@link #next} goes on as before.
	 * @param <T> the ID's Java type, as for {@link #next}
	 * @param type an entity class with an {@code @Id @TimeSortedId} attribute, or the typed ID class of one
	 * @param instant the instant, kept at the precision of the attribute's algorithm
	 * @return a new ID whose instant is {@code instant}, at that precision
	 * @throws IllegalArgumentException if the class is neither, or the instant is outside the algorithm's range
	 * @throws UnsupportedOperationException naming the attribute if its algorithm carries no time
	 * ({@code random}, {@code couchdb-random}, {@code couchdb-sequential})
	 * @throws io.github.timesortedid.id.IdGenerationException if the instant has no room for another
	 * ID ({@code snowflake}: 2048 per millisecond; {@code couchdb-utc-id}: one per microsecond)
	 */
	@SuppressWarnings("unchecked")
	public <T> T nextAt(Class<?> type, Instant instant) {
		IdField field = field(type);
		return (T) declared(field, field.nextAt(instant));
	}

	/** A value as the attribute is declared: a Kotlin value class boxed, as Kotlin expects it of a generic result. */
	private static Object declared(IdField field, Object value) {
		return (field.declaredType() != field.javaType()) ? KotlinValueClasses.box(field.declaredType(), value) : value;
	}

	/**
	 * Reads a typed ID from text, as a request parameter or a JSON value: checked against the
	 * format its attribute has in this application (prefix, separator, a valid body).
	 * @param <T> the typed ID type
	 * @param type the typed ID class
	 * @param text the ID text
	 * @return the typed ID
	 * @throws io.github.timesortedid.id.InvalidIdException if the text is not such an ID
	 */
	public <T extends TypedId> T parse(Class<T> type, String text) {
		return this.registry.typedId(type, text);
	}

	/**
	 * Makes a new ID for the identifier attribute with a prefix.
	 * @param prefix a prefix, e.g. {@code post}
	 * @return the new ID's text, e.g. {@code post_01jh...}
	 * @throws IllegalArgumentException if no identifier attribute has that prefix
	 */
	public String nextWithPrefix(String prefix) {
		return this.registry.withPrefix(prefix)
			.filter(IdField::isIdentifier)
			.map(field -> TypedIds.text(field.next()))
			.orElseThrow(() -> new IllegalArgumentException("Unknown ID prefix '" + prefix + "'; known prefixes are "
					+ String.join(", ", new TreeSet<>(this.registry.prefixes()
						.stream()
						.filter(known -> this.registry.withPrefix(known).filter(IdField::isIdentifier).isPresent())
						.toList()))));
	}

	private IdField field(Class<?> type) {
		return this.registry.identifierOf(type)
			.or(() -> typedIdField(type))
			.orElseThrow(() -> new IllegalArgumentException(type.getName() + " is neither an entity with an @Id "
					+ "@TimeSortedId attribute nor the typed ID of one; known: " + known()));
	}

	private Optional<IdField> typedIdField(Class<?> type) {
		return identifiers().stream().filter(field -> field.declaredType() == type && isIdType(field)).findFirst();
	}

	/** A typed ID, or a Kotlin value class (the JVM's {@code String} holds it); not a plain {@code String} or {@code Long}. */
	private static boolean isIdType(IdField field) {
		return TypedId.class.isAssignableFrom(field.declaredType()) || field.declaredType() != field.javaType();
	}

	private List<IdField> identifiers() {
		return this.registry.fields().stream().filter(IdField::isIdentifier).toList();
	}

	private String known() {
		TreeSet<String> names = new TreeSet<>();
		for (IdField field : identifiers()) {
			names.add(field.entityClass().getSimpleName());
			if (isIdType(field)) {
				names.add(field.declaredType().getSimpleName());
			}
		}
		return String.join(", ", names);
	}

}
