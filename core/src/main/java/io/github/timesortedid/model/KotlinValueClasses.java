package io.github.timesortedid.model;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

import io.github.timesortedid.id.Nouns;
import org.jspecify.annotations.Nullable;

/**
 * Kotlin value classes ({@code @JvmInline value class ReplyId(val value: String)}) as the JVM sees
 * them, without a dependency on Kotlin. A property declared with a value class compiles to a field
 * of the underlying type ({@code String}), with a getter whose name the compiler mangles
 * ({@code getId-Xy12abc}); the value class itself shows only in Kotlin's metadata, which
 * kotlin-reflect reads. Where a value must be an {@code Object} (a generic parameter such as
 * {@code CrudRepository.findById(ID)}), Kotlin passes the value boxed in an instance of the class.
 * <p>
 * A value class is told by what the Kotlin compiler gives every one of them and Java cannot
 * declare: a static {@code box-impl} method and an instance {@code unbox-impl} method (Kotlin's
 * inline classes design, "Java interoperability").
 */
public final class KotlinValueClasses {

	private static final String METADATA = "kotlin.Metadata";

	/** The {@code unbox-impl} method of each value class; {@code null} for every other class. */
	private static final ClassValue<@Nullable Method> UNBOX = new ClassValue<>() {

		@Override
		protected @Nullable Method computeValue(Class<?> type) {
			return unboxMethod(type);
		}

	};

	private KotlinValueClasses() {
	}

	/**
	 * Tells whether a class is a Kotlin value class.
	 * @param type any class
	 * @return true for a {@code @JvmInline value class}
	 */
	public static boolean isValueClass(Class<?> type) {
		return UNBOX.get(type) != null;
	}

	/**
	 * Returns the type a value class holds, which is what the JVM stores where Kotlin declares the
	 * value class.
	 * @param valueClass a value class
	 * @return its underlying type, e.g. {@code String}
	 * @throws IllegalArgumentException if the class is not a value class
	 */
	public static Class<?> underlyingType(Class<?> valueClass) {
		Method unbox = UNBOX.get(valueClass);
		if (unbox == null) {
			throw new IllegalArgumentException(valueClass.getName() + " is not a Kotlin value class");
		}
		return unbox.getReturnType();
	}

	/**
	 * Returns the underlying value of a boxed value class, and any other value as it is.
	 * @param value a value, or {@code null}
	 * @return the underlying value (a {@code ReplyId}'s {@code String}), or the value itself
	 */
	public static @Nullable Object unbox(@Nullable Object value) {
		Method unbox = (value != null) ? UNBOX.get(value.getClass()) : null;
		if (unbox == null) {
			return value;
		}
		try {
			return unbox.invoke(value);
		}
		catch (IllegalAccessException | InvocationTargetException ex) {
			throw new IllegalStateException("Could not unbox " + value.getClass().getName(), ex);
		}
	}

	/**
	 * Boxes an underlying value in its value class, as Kotlin does where an {@code Object} is expected.
	 * @param valueClass the value class
	 * @param value the underlying value
	 * @return the boxed value
	 */
	public static Object box(Class<?> valueClass, Object value) {
		Class<?> underlying = underlyingType(valueClass);
		try {
			Method box = valueClass.getDeclaredMethod("box-impl", underlying);
			box.setAccessible(true);
			return box.invoke(null, value);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Could not box " + Nouns.withArticle(valueClass.getName()), ex);
		}
	}

	/**
	 * Returns the value class a Kotlin property is declared with, as Kotlin's metadata says. The JVM
	 * field of such a property has the underlying type, so that Hibernate maps it as that type.
	 * @param owner the class that declares the property, or a subclass of it
	 * @param attribute the property's name
	 * @return the value class, or {@code null} if the property is not declared with one (or the
	 * class is not Kotlin)
	 * @throws TimeSortedIdConfigurationException if the property is declared with a value class but
	 * kotlin-reflect, which reads Kotlin's metadata, is not on the class path
	 */
	public static @Nullable Class<?> declaredValueClass(Class<?> owner, String attribute) {
		for (Class<?> type = owner; type != null && type != Object.class; type = type.getSuperclass()) {
			for (Field field : type.getDeclaredFields()) {
				if (field.getName().equals(attribute)) {
					return isKotlin(type) ? declaredValueClass(field) : null;
				}
			}
		}
		return null;
	}

	private static boolean isKotlin(Class<?> type) {
		for (var annotation : type.getDeclaredAnnotations()) {
			if (annotation.annotationType().getName().equals(METADATA)) {
				return true;
			}
		}
		return false;
	}

	private static @Nullable Class<?> declaredValueClass(Field field) {
		ClassLoader loader = field.getDeclaringClass().getClassLoader();
		Method kotlinProperty;
		try {
			kotlinProperty = Class.forName("kotlin.reflect.jvm.ReflectJvmMapping", false, loader)
				.getMethod("getKotlinProperty", Field.class);
		}
		catch (ClassNotFoundException | NoSuchMethodException | LinkageError ex) {
			if (hasMangledGetter(field)) {
				throw new TimeSortedIdConfigurationException(field.getDeclaringClass().getName() + "." + field.getName()
						+ " is declared with a Kotlin value class, which only kotlin-reflect can see (the field is "
						+ Nouns.withArticle(field.getType().getSimpleName()) + "), and kotlin-reflect is not on the class path.",
						"Add org.jetbrains.kotlin:kotlin-reflect to the application's dependencies, as Spring's Kotlin "
								+ "support needs it too.");
			}
			return null;
		}
		try {
			Object property = kotlinProperty.invoke(null, field);
			if (property == null) {
				return null;
			}
			Object returnType = Class.forName("kotlin.reflect.KCallable", false, loader)
				.getMethod("getReturnType")
				.invoke(property);
			Object classifier = Class.forName("kotlin.reflect.KType", false, loader)
				.getMethod("getClassifier")
				.invoke(returnType);
			Class<?> kClass = Class.forName("kotlin.reflect.KClass", false, loader);
			if (!kClass.isInstance(classifier)) {
				return null; // a type parameter: Kotlin keeps such values boxed in a field of the bound's type
			}
			Class<?> declared = (Class<?>) Class.forName("kotlin.jvm.JvmClassMappingKt", false, loader)
				.getMethod("getJavaClass", kClass)
				.invoke(null, classifier);
			return isValueClass(declared) ? declared : null;
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Could not read the Kotlin type of " + field, ex);
		}
	}

	/** Whether a field's getter has the name Kotlin gives getters of value-class properties. */
	private static boolean hasMangledGetter(Field field) {
		String getter = "get" + Character.toUpperCase(field.getName().charAt(0)) + field.getName().substring(1) + "-";
		for (Method method : field.getDeclaringClass().getDeclaredMethods()) {
			if (method.getParameterCount() == 0 && method.getName().startsWith(getter)) {
				return true;
			}
		}
		return false;
	}

	private static @Nullable Method unboxMethod(Class<?> type) {
		if (type.isPrimitive() || type.isArray() || type.isInterface()) {
			return null;
		}
		try {
			Method unbox = type.getDeclaredMethod("unbox-impl");
			Method box = type.getDeclaredMethod("box-impl", unbox.getReturnType());
			if (Modifier.isStatic(unbox.getModifiers()) || !Modifier.isStatic(box.getModifiers())) {
				return null;
			}
			unbox.setAccessible(true);
			return unbox;
		}
		catch (NoSuchMethodException | RuntimeException ex) {
			return null;
		}
	}

}
