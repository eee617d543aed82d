package io.github.timesortedid.config;

import java.beans.BeanInfo;
import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.Nouns;
import org.jspecify.annotations.Nullable;

/**
 * Binds string settings onto {@link TimeSortedIdProperties} as Spring Boot's binder does, for
 * applications without Spring: relaxed names, Boot's duration and enum forms, maps of nested
 * objects keyed by the next name element; a name that is no setting is refused
 * ({@link PropertyChecks}), as in Spring Boot applications.
 */
final class MapBinder {

	/** Spring Boot's simple duration form: a number and an optional unit, milliseconds by default. */
	private static final Pattern SIMPLE_DURATION = Pattern.compile("^([+-]?\\d+)([a-zA-Z]{0,2})$");

	private static final Map<String, ChronoUnit> DURATION_UNITS = Map.of("ns", ChronoUnit.NANOS, "us", ChronoUnit.MICROS,
			"ms", ChronoUnit.MILLIS, "s", ChronoUnit.SECONDS, "m", ChronoUnit.MINUTES, "h", ChronoUnit.HOURS, "d",
			ChronoUnit.DAYS, "", ChronoUnit.MILLIS);

	private final String prefix;

	MapBinder(String prefix) {
		this.prefix = prefix + ".";
	}

	<T> T bind(Map<?, ?> settings, T target) {
		settings.forEach((key, value) -> {
			String name = String.valueOf(key);
			if (name.startsWith(this.prefix) && value != null && !PropertyNames.HIBERNATE_SETTINGS.contains(name)) {
				List<String> elements = elements(name.substring(this.prefix.length()));
				PropertyChecks.checkSetting(name, elements, value);
				bind(target, name, elements, 0, value);
			}
		});
		return target;
	}

	/**
	 * The elements of a name, as Spring Boot reads them: split at dots, but a map key in brackets is one
	 * element without them, dots and all ({@code entities.[com.example.Post].prefix}).
	 */
	private static List<String> elements(String path) {
		List<String> elements = new ArrayList<>();
		StringBuilder element = new StringBuilder();
		boolean bracketed = false;
		for (char c : path.toCharArray()) {
			if (c == '[' && element.isEmpty()) {
				bracketed = true;
			}
			else if (c == ']' && bracketed) {
				bracketed = false;
			}
			else if (c == '.' && !bracketed) {
				elements.add(element.toString());
				element.setLength(0);
			}
			else {
				element.append(c);
			}
		}
		elements.add(element.toString());
		return elements;
	}

	@SuppressWarnings("unchecked")
	private void bind(Object target, String key, List<String> elements, int index, Object value) {
		String element = elements.get(index);
		boolean last = index == elements.size() - 1;
		PropertyDescriptor property = property(target.getClass(), canonical(element));
		if (property == null || (last && property.getWriteMethod() == null)) {
			return;
		}
		if (last) {
			invoke(property.getWriteMethod(), target, key, value, convert(key, value, property.getPropertyType()));
			return;
		}
		Object nested = invoke(property.getReadMethod(), target, key, value);
		if (nested instanceof Map<?, ?> map) {
			if (index + 2 >= elements.size()) {
				throw new InvalidSettingException(key, value, "use " + this.prefix + element + ".<name>.<setting>");
			}
			Class<?> valueType = entryType(property);
			Object entry = ((Map<String, Object>) map).computeIfAbsent(elements.get(index + 1),
					name -> instantiate(valueType));
			bind(entry, key, elements, index + 2, value);
			return;
		}
		bind(nested, key, elements, index + 1, value);
	}

	/** The type of the values of a map setting, such as {@code PartitionProperties} of {@code partitions}. */
	static Class<?> entryType(PropertyDescriptor map) {
		return (Class<?>) ((ParameterizedType) map.getReadMethod().getGenericReturnType()).getActualTypeArguments()[1];
	}

	static @Nullable PropertyDescriptor property(Class<?> type, String canonicalName) {
		for (PropertyDescriptor property : properties(type)) {
			if (property.getReadMethod() != null && !property.getName().equals("class")
					&& canonical(property.getName()).equals(canonicalName)) {
				return property;
			}
		}
		return null;
	}

	/** The names of the settings of a settings class, in the order of its bean properties (by name). */
	static List<String> settings(Class<?> type) {
		List<String> names = new ArrayList<>();
		for (PropertyDescriptor property : properties(type)) {
			if (property.getReadMethod() != null && !property.getName().equals("class")) {
				names.add(property.getName());
			}
		}
		return names;
	}

	static PropertyDescriptor[] properties(Class<?> type) {
		try {
			BeanInfo info = Introspector.getBeanInfo(type);
			return info.getPropertyDescriptors();
		}
		catch (IntrospectionException ex) {
			throw new IllegalStateException("Cannot read the settings of " + type.getName(), ex);
		}
	}

	static Object convert(String key, Object value, Class<?> type) {
		if (type.isInstance(value) || (type.isPrimitive() && !(value instanceof String))) {
			return value;
		}
		String text = value.toString().trim();
		try {
			if (type == String.class) {
				return value.toString();
			}
			if (type == boolean.class || type == Boolean.class) {
				if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
					throw new InvalidSettingException(key, value, "use true or false");
				}
				return Boolean.parseBoolean(text);
			}
			if (type == int.class || type == Integer.class) {
				return new BigDecimal(text).intValueExact();
			}
			if (type == long.class || type == Long.class) {
				return new BigDecimal(text).longValueExact();
			}
			if (type == double.class || type == Double.class) {
				return Double.parseDouble(text);
			}
			if (type == Duration.class) {
				return duration(text);
			}
			if (type.isEnum()) {
				return enumConstant(key, value, type, text);
			}
		}
		catch (ArithmeticException | NumberFormatException | DateTimeParseException ex) {
			throw new InvalidSettingException(key, value, "cannot be read as " + describe(type));
		}
		throw new InvalidSettingException(key, value, "cannot be read as " + describe(type));
	}

	private static Duration duration(String text) {
		Matcher simple = SIMPLE_DURATION.matcher(text);
		if (simple.matches()) {
			ChronoUnit unit = DURATION_UNITS.get(simple.group(2).toLowerCase(Locale.ROOT));
			if (unit == null) {
				throw new DateTimeParseException("unknown unit", text, 0);
			}
			return Duration.of(Long.parseLong(simple.group(1)), unit);
		}
		return Duration.parse(text);
	}

	private static Object enumConstant(String key, Object value, Class<?> type, String text) {
		List<String> valid = new ArrayList<>();
		for (Object constant : type.getEnumConstants()) {
			String name = ((Enum<?>) constant).name();
			if (canonical(name).equals(canonical(text))) {
				return constant;
			}
			valid.add(name.toLowerCase(Locale.ROOT).replace('_', '-'));
		}
		throw new InvalidSettingException(key, value, "use one of " + String.join(", ", valid));
	}

	private static String describe(Class<?> type) {
		if (type == Duration.class) {
			return "a duration such as 500ms, 2m or PT1S";
		}
		if (type == double.class) {
			return "a number";
		}
		return (type == int.class || type == long.class) ? "a whole number that fits " + type : Nouns.withArticle(type.getSimpleName());
	}

	private static Object instantiate(Class<?> type) {
		try {
			return type.getConstructor().newInstance();
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Cannot create " + type.getName(), ex);
		}
	}

	static @Nullable Object invoke(java.lang.reflect.Method method, Object target, String key, @Nullable Object value,
			@Nullable Object... arguments) {
		try {
			return method.invoke(target, arguments);
		}
		catch (InvocationTargetException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new InvalidSettingException(key, value, ex.getCause().getMessage());
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Spring Boot's relaxed names: case, dashes and underscores do not matter. */
	static String canonical(String name) {
		return name.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
	}

}
