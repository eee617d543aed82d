package io.github.timesortedid;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.Prefixes;

/**
 * Checks and makes {@link TypedId} values. Before a registry has bound a type to its format, a
 * value is checked for the type's prefix and the default separator; once bound (when the entity
 * that uses the type is mapped), for the full format: prefix, separator and a valid body.
 */
public final class TypedIds {

	private static final Map<Class<?>, String> PREFIXES = new ConcurrentHashMap<>();

	private static final Map<String, Class<?>> TYPES_BY_PREFIX = new ConcurrentHashMap<>();

	private static final Map<Class<?>, IdFormat> FORMATS = new ConcurrentHashMap<>();

	private static final Map<Class<?>, MethodHandle> CONSTRUCTORS = new ConcurrentHashMap<>();

	private TypedIds() {
	}

	/**
	 * Checks a value for a typed ID; call it from the record's compact constructor.
	 * @param type the typed ID class
	 * @param value the ID text
	 * @return the value
	 * @throws InvalidIdException if it is not an ID of that type
	 */
	public static String check(Class<? extends TypedId> type, String value) {
		if (value == null) {
			throw new InvalidIdException(null, "a " + type.getSimpleName() + " needs a value");
		}
		IdFormat format = FORMATS.get(type);
		if (format != null) {
			try {
				format.validate(value);
			}
			catch (InvalidIdException ex) {
				throw new InvalidIdException(value, "not a " + type.getSimpleName() + ": " + ex.getReason());
			}
			return value;
		}
		String head = prefixOf(type) + IdFormat.DEFAULT_SEPARATOR;
		if (!value.startsWith(head) || value.length() == head.length()) {
			throw new InvalidIdException(value, "not a " + type.getSimpleName() + ": expected an ID starting with '" + head + "'");
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
		MethodHandle constructor = CONSTRUCTORS.computeIfAbsent(type, TypedIds::constructor);
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
	 * Returns the prefix a typed ID type declares with {@link IdPrefix}, and checks that no other
	 * typed ID type declares it too.
	 * @param type the typed ID class
	 * @return the prefix
	 * @throws IllegalStateException if the type has no valid {@code @IdPrefix}, or shares it
	 */
	public static String prefixOf(Class<?> type) {
		return PREFIXES.computeIfAbsent(type, key -> {
			IdPrefix annotation = key.getAnnotation(IdPrefix.class);
			if (annotation == null) {
				throw new IllegalStateException(key.getName() + " implements TypedId but has no @IdPrefix; "
						+ "annotate it, e.g. @IdPrefix(\"post\")");
			}
			String problem = Prefixes.problem(annotation.value());
			if (problem != null) {
				throw new IllegalStateException("@IdPrefix(\"" + annotation.value() + "\") on " + key.getName() + ": " + problem);
			}
			Class<?> other = TYPES_BY_PREFIX.putIfAbsent(annotation.value(), key);
			if (other != null && other != key) {
				throw new IllegalStateException("The prefix '" + annotation.value() + "' is declared by both "
						+ other.getName() + " and " + key.getName() + "; typed IDs need prefixes of their own");
			}
			return annotation.value();
		});
	}

	/**
	 * Binds a typed ID type to the format its entity attribute uses, so that {@link #check} checks
	 * bodies too. Called by the {@code @TimeSortedId} registry when it maps the attribute.
	 * @param type the typed ID class
	 * @param format the attribute's format
	 */
	public static void bind(Class<? extends TypedId> type, IdFormat format) {
		FORMATS.put(type, format);
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
