package io.github.timesortedid;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.InvalidPrefixException;
import io.github.timesortedid.id.Nouns;
import io.github.timesortedid.id.Prefixes;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.jspecify.annotations.Nullable;

/**
 * Checks and makes {@link TypedId} values. A value is checked here for what the type alone decides:
 * its {@link IdPrefix} followed by a separator and a body. The body's full format (the algorithm,
 * the separator in use) belongs to the {@code @TimeSortedId} registry that maps the type, which checks
 * it where IDs come in: assigned to an entity, read by {@code TimeSortedIds.parse}, a web request
 * or JSON. So a typed ID checks the same way whenever it is made, and one class can serve
 * persistence units with different formats.
 */
public final class TypedIds {

	/*
	 * Only what the class itself determines is cached, on the class (ClassValue), not in a map that
	 * would hold it: when a restart (Spring Boot DevTools, a redeploy) drops the application's class
	 * loader, its typed ID classes and what they hold go with it.
	 */
	private static final ClassValue<String> PREFIXES = new ClassValue<>() {

		@Override
		protected String computeValue(Class<?> type) {
			return declaredPrefix(type);
		}

	};

	private static final ClassValue<MethodHandle> CONSTRUCTORS = new ClassValue<>() {

		@Override
		protected MethodHandle computeValue(Class<?> type) {
			return constructor(type);
		}

	};

	/**
	 * The form of a typed ID in Kotlin, for messages that show how to declare one.
	 */
	public static final String KOTLIN_FORM = "@IdPrefix(\"post\") data class PostId(val value: String) : AbstractTypedId(value)";

	private TypedIds() {
	}

	/**
	 * Checks a value for a typed ID; call it from the record's compact constructor ({@link AbstractTypedId}
	 * calls it for a Kotlin class). The value must
	 * start with the type's prefix and a separator ({@code _} by default) and have a body.
	 * @param type the typed ID class
	 * @param value the ID text; {@code null} is refused like any other value that is not an ID
	 * @return the value
	 * @throws InvalidIdException if it is {@code null} or not an ID of that type
	 */
	public static String check(Class<? extends TypedId> type, @Nullable String value) {
		if (value == null) {
			throw new InvalidIdException(null, Nouns.withArticle(type.getSimpleName()) + " needs a value");
		}
		String prefix = prefixOf(type);
		int separator = 0;
		while (separator < IdFormat.MAX_SEPARATOR_LENGTH && prefix.length() + separator < value.length()
				&& IdFormat.isSeparatorCharacter(value.charAt(prefix.length() + separator))) {
			separator++;
		}
		if (!value.startsWith(prefix) || separator == 0 || prefix.length() + separator == value.length()) {
			throw new InvalidIdException(value, "not " + Nouns.withArticle(type.getSimpleName()) + ": expected an ID starting with '" + prefix
					+ IdFormat.DEFAULT_SEPARATOR + "' (or '" + prefix + "' and the separator in use)");
		}
		return value;
	}

	/**
	 * Makes a typed ID from its text through the type's one-{@code String} constructor.
	 * @param <T> the typed ID type
	 * @param type the typed ID class
	 * @param value the ID text
	 * @return the typed ID
	 * @throws InvalidIdException if the constructor rejects the value
	 */
	public static <T extends TypedId> T of(Class<T> type, String value) {
		MethodHandle constructor = CONSTRUCTORS.get(type);
		try {
			return type.cast(constructor.invoke(value));
		}
		catch (RuntimeException | Error ex) {
			throw ex;
		}
		catch (Throwable ex) {
			throw new IllegalStateException("Could not make " + Nouns.withArticle(type.getName()), ex);
		}
	}

	/**
	 * Returns the prefix a typed ID type declares with {@link IdPrefix}.
	 * @param type the typed ID class
	 * @return the prefix
	 * @throws TimeSortedIdConfigurationException if the type has no valid {@code @IdPrefix}
	 */
	public static String prefixOf(Class<?> type) {
		return PREFIXES.get(type);
	}

	private static String declaredPrefix(Class<?> type) {
		IdPrefix annotation = type.getAnnotation(IdPrefix.class);
		if (annotation == null) {
			throw new TimeSortedIdConfigurationException(type.getName() + " implements TypedId but has no @IdPrefix.",
					"Annotate it, e.g. @IdPrefix(\"post\").");
		}
		try {
			return Prefixes.check(annotation.value());
		}
		catch (InvalidPrefixException ex) {
			throw new TimeSortedIdConfigurationException(
					"@IdPrefix(\"" + annotation.value() + "\") on " + type.getName() + ": " + ex.getReason() + ".",
					Prefixes.ADVICE);
		}
	}

	/**
	 * Renders any ID for a message: a typed ID as its value, anything else as itself.
	 * @param id an ID of any Java type, or {@code null}
	 * @return its text
	 */
	public static String text(@Nullable Object id) {
		return (id instanceof TypedId typed) ? typed.value() : String.valueOf(id);
	}

	private static MethodHandle constructor(Class<?> type) {
		try {
			MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
			return lookup.findConstructor(type, MethodType.methodType(void.class, String.class))
				.asType(MethodType.methodType(Object.class, String.class));
		}
		catch (NoSuchMethodException | IllegalAccessException ex) {
			throw new TimeSortedIdConfigurationException(
					type.getName() + " has no constructor taking the ID as a String that can be called (" + ex.getMessage()
							+ ").",
					"Declare the typed ID as a record with one String component, e.g. record PostId(String value), or in "
							+ "Kotlin as " + KOTLIN_FORM + ".");
		}
	}

}
