package io.github.timesortedid;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.Prefixes;

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

	/** The longest separator a format allows, as checked by {@link IdFormat}. */
	private static final int MAX_SEPARATOR = 4;

	private TypedIds() {
	}

	/**
	 * Checks a value for a typed ID; call it from the record's compact constructor. The value must
	 * start with the type's prefix and a separator ({@code _} by default) and have a body.
	 * @param type the typed ID class
	 * @param value the ID text
	 * @return the value
	 * @throws InvalidIdException if it is not an ID of that type
	 */
	public static String check(Class<? extends TypedId> type, String value) {
		if (value == null) {
			throw new InvalidIdException(null, "a " + type.getSimpleName() + " needs a value");
		}
		String prefix = prefixOf(type);
		int separator = 0;
		while (separator < MAX_SEPARATOR && prefix.length() + separator < value.length()
				&& isSeparatorCharacter(value.charAt(prefix.length() + separator))) {
			separator++;
		}
		if (!value.startsWith(prefix) || separator == 0 || prefix.length() + separator == value.length()) {
			throw new InvalidIdException(value, "not a " + type.getSimpleName() + ": expected an ID starting with '" + prefix
					+ IdFormat.DEFAULT_SEPARATOR + "' (or '" + prefix + "' and the separator in use)");
		}
		return value;
	}

	private static boolean isSeparatorCharacter(char c) {
		return c > 0x20 && c < 0x7F && !Character.isLetterOrDigit(c);
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
			throw new IllegalStateException("Could not make a " + type.getName(), ex);
		}
	}

	/**
	 * Returns the prefix a typed ID type declares with {@link IdPrefix}.
	 * @param type the typed ID class
	 * @return the prefix
	 * @throws IllegalStateException if the type has no valid {@code @IdPrefix}
	 */
	public static String prefixOf(Class<?> type) {
		return PREFIXES.get(type);
	}

	private static String declaredPrefix(Class<?> type) {
		IdPrefix annotation = type.getAnnotation(IdPrefix.class);
		if (annotation == null) {
			throw new IllegalStateException(type.getName() + " implements TypedId but has no @IdPrefix; "
					+ "annotate it, e.g. @IdPrefix(\"post\")");
		}
		String problem = Prefixes.problem(annotation.value());
		if (problem != null) {
			throw new IllegalStateException("@IdPrefix(\"" + annotation.value() + "\") on " + type.getName() + ": " + problem);
		}
		return annotation.value();
	}

	/**
	 * Renders any ID for a message: a typed ID as its value, anything else as itself.
	 * @param id an ID of any Java type, or {@code null}
	 * @return its text
	 */
	public static String text(Object id) {
		return (id instanceof TypedId) ? ((TypedId) id).value() : String.valueOf(id);
	}

	private static MethodHandle constructor(Class<?> type) {
		try {
			MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
			return lookup.findConstructor(type, MethodType.methodType(void.class, String.class))
				.asType(MethodType.methodType(Object.class, String.class));
		}
		catch (NoSuchMethodException | IllegalAccessException ex) {
			throw new IllegalStateException(type.getName() + " needs a constructor taking the ID as a String", ex);
		}
	}

}
