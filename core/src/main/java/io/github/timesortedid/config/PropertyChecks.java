package io.github.timesortedid.config;

import java.beans.PropertyDescriptor;
import java.lang.reflect.ParameterizedType;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.timesortedid.id.InvalidSettingException;
import org.jspecify.annotations.Nullable;

/**
 * What both readers of {@link TimeSortedIdProperties} check beyond their own rules, written once so
 * that Spring Boot's binder and plain Hibernate's ({@link TimeSortedIdProperties#bind}) refuse
 * alike: that a key under a map keyed by entity name ({@code time-sorted-id.partitions.<Entity>.*},
 * {@code time-sorted-id.entities.<Entity>.*}) is one of the entry's settings, since a misspelt one
 * would be ignored; and why a value of the wrong form is refused. Errors name the property as it was
 * written, with the entity in its own case.
 */
public final class PropertyChecks {

	/** The maps keyed by entity name, by their name under {@code time-sorted-id}, with the type of their entries. */
	private static final Map<String, Class<?>> ENTITY_MAPS = entityMaps();

	private PropertyChecks() {
	}

	/**
	 * Tells whether a map under {@code time-sorted-id} is keyed by entity name, so that the keys of its
	 * entries are {@linkplain #checkEntitySetting checked}.
	 * @param map the map's name under {@code time-sorted-id}, e.g. {@code partitions}, in any relaxed form
	 * @return true for {@code partitions} and {@code entities}
	 */
	public static boolean isEntityMap(String map) {
		return ENTITY_MAPS.containsKey(MapBinder.canonical(map));
	}

	/**
	 * Checks the key of an entry's setting, such as {@code retention} in
	 * {@code time-sorted-id.partitions.Post.retention}.
	 * @param property the full property name as written
	 * @param map the name of the map under {@code time-sorted-id}, e.g. {@code partitions}, in any
	 * relaxed form
	 * @param setting the name after the entity, in any relaxed form
	 * @param value its value, for the message
	 * @throws InvalidSettingException if the map is keyed by entity and has no such setting, naming
	 * the ones it has
	 */
	public static void checkEntitySetting(String property, String map, String setting, @Nullable Object value) {
		Class<?> entry = ENTITY_MAPS.get(MapBinder.canonical(map));
		if (entry != null && MapBinder.property(entry, MapBinder.canonical(setting)) == null) {
			String names = String.join(", ", MapBinder.settings(entry).stream().map(PropertyChecks::dashed).toList());
			throw new InvalidSettingException(property, value, "unknown setting; the settings of "
					+ TimeSortedIdProperties.PREFIX + "." + dashed(map) + ".<Entity> are " + names);
		}
	}

	/**
	 * Says why a value cannot be read as a setting's type, as plain Hibernate's reader does, so that
	 * a failure of Spring Boot's binder names the property as written and the values it takes.
	 * @param property the full property name as written
	 * @param value the value
	 * @param type the setting's type
	 * @return the refusal, or {@code null} if the value can be read as the type
	 */
	public static @Nullable InvalidSettingException wrongForm(String property, @Nullable Object value, Class<?> type) {
		if (value == null) {
			return null;
		}
		try {
			MapBinder.convert(property, value, type);
			return null;
		}
		catch (InvalidSettingException ex) {
			return ex;
		}
	}

	private static Map<String, Class<?>> entityMaps() {
		Map<String, Class<?>> maps = new LinkedHashMap<>();
		for (PropertyDescriptor property : MapBinder.properties(TimeSortedIdProperties.class)) {
			if (property.getReadMethod() != null && Map.class.isAssignableFrom(property.getPropertyType())) {
				Class<?> entry = (Class<?>) ((ParameterizedType) property.getReadMethod().getGenericReturnType())
					.getActualTypeArguments()[1];
				maps.put(MapBinder.canonical(property.getName()), entry);
			}
		}
		return Map.copyOf(maps);
	}

	/** {@code retentionAction} as {@code application.yml} writes it: {@code retention-action}. */
	private static String dashed(String name) {
		StringBuilder dashed = new StringBuilder();
		for (char c : name.toCharArray()) {
			if (Character.isUpperCase(c)) {
				dashed.append('-').append(Character.toLowerCase(c));
			}
			else {
				dashed.append((c == '_') ? '-' : c);
			}
		}
		return dashed.toString();
	}

}
