package io.github.timesortedid;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.Prefixes;

/**
 * Checks and makes {@link TypedId} values. Before a registry has bound a type to its format, a
 * value is checked for the type's prefix and the default separator; once bound (when the entity
 * that uses the type is mapped), for the full format: prefix, separator and a valid body.
 */
public final class TypedIds {

	/*
	 * What belongs to one typed ID class is kept on the class (ClassValue), not in a map that would
	 * hold the class: when a restart (Spring Boot DevTools, a redeploy) drops the application's class
	 * loader, its typed ID classes and what they hold go with it.
	 */
	private static final ClassValue<String> PREFIXES = new ClassValue<>() {

		@Override
		protected String computeValue(Class<?> type) {
			return declaredPrefix(type);
		}

	};

	private static final ClassValue<AtomicReference<IdFormat>> FORMATS = new ClassValue<>() {

		@Override
		protected AtomicReference<IdFormat> computeValue(Class<?> type) {
			return new AtomicReference<>();
		}

	};

	private static final ClassValue<MethodHandle> CONSTRUCTORS = new ClassValue<>() {

		@Override
		protected MethodHandle computeValue(Class<?> type) {
			return constructor(type);
		}

	};

	/** Which class declares a prefix; weakly, for the same reason. */
	private static final Map<String, WeakReference<Class<?>>> TYPES_BY_PREFIX = new ConcurrentHashMap<>();

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
		IdFormat format = FORMATS.get(type).get();
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
	 * Returns the prefix a typed ID type declares with {@link IdPrefix}, and checks that no other
	 * typed ID type declares it too.
	 * @param type the typed ID class
	 * @return the prefix
	 * @throws IllegalStateException if the type has no valid {@code @IdPrefix}, or shares it
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
		TYPES_BY_PREFIX.compute(annotation.value(), (prefix, existing) -> {
			Class<?> other = (existing != null) ? existing.get() : null;
			// the same class loaded again by a restarted application's class loader takes the place of its
			// earlier self; another class with the prefix is a mistake
			if (other != null && other != type && !other.getName().equals(type.getName())) {
				throw new IllegalStateException("The prefix '" + prefix + "' is declared by both " + other.getName()
						+ " and " + type.getName() + "; typed IDs need prefixes of their own");
			}
			return new WeakReference<>(type);
		});
		return annotation.value();
	}

	/**
	 * Binds a typed ID type to the format its entity attribute uses, so that {@link #check} checks
	 * bodies too. Called by the {@code @TimeSortedId} registry when it maps the attribute.
	 * @param type the typed ID class
	 * @param format the attribute's format
	 */
	public static void bind(Class<? extends TypedId> type, IdFormat format) {
		FORMATS.get(type).set(format);
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
