package io.github.timesortedid.config;

import java.beans.PropertyDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.github.timesortedid.id.InvalidSettingException;
import org.jspecify.annotations.Nullable;

/**
 * What both readers of {@link TimeSortedIdProperties} check beyond their own rules, written once so
 * that Spring Boot's binder and plain Hibernate's ({@link TimeSortedIdProperties#bind}) refuse
 * alike: that a key under {@code time-sorted-id} names one of its settings, since Spring Boot would
 * ignore a misspelt one and the application would run on the default unawares; and why a value of
 * the wrong form is refused. Errors name the property as it was written, with the entity in its own
 * case, and the settings the key's group has.
 */
public final class PropertyChecks {

	private PropertyChecks() {
	}

	/**
	 * Checks that a key under {@code time-sorted-id} names a setting: each of its elements names a
	 * setting of the group before it, in any relaxed form ({@code schema-check}, {@code schemaCheck},
	 * {@code schema_check}), the element after a map ({@code partitions}, {@code entities}) being its
	 * key, the entity's name.
	 * @param property the full property name as written, for the message
	 * @param elements the elements of the name after {@code time-sorted-id}, e.g. {@code partitions},
	 * {@code PurchaseOrder}, {@code retention}
	 * @param value its value, for the message
	 * @throws InvalidSettingException if an element names no setting, naming the group's settings
	 */
	public static void checkSetting(String property, List<String> elements, @Nullable Object value) {
		Class<?> group = TimeSortedIdProperties.class;
		StringBuilder path = new StringBuilder(TimeSortedIdProperties.PREFIX);
		for (int i = 0; i < elements.size(); i++) {
			PropertyDescriptor setting = MapBinder.property(group, MapBinder.canonical(elements.get(i)));
			if (setting == null) {
				String names = String.join(", ", MapBinder.settings(group).stream().map(PropertyChecks::dashed).toList());
				throw new InvalidSettingException(property, value, "unknown setting; the settings of " + path + " are " + names);
			}
			path.append('.').append(dashed(setting.getName()));
			if (setting.getWriteMethod() != null) {
				// a value, as the binders bind it: nothing may follow
				if (i + 1 < elements.size()) {
					throw new InvalidSettingException(property, value,
							"unknown setting; " + path + " is a setting, with no settings under it");
				}
				return;
			}
			if (Map.class.isAssignableFrom(setting.getPropertyType())) {
				// the maps are keyed by entity name; the element after the map is that name
				i++;
				path.append(".<Entity>");
				group = MapBinder.entryType(setting);
			}
			else {
				group = setting.getPropertyType();
			}
		}
	}

	/**
	 * Makes one entry of the entries of a map keyed by entity ({@code partitions}, {@code entities})
	 * whose names differ in case alone: Spring Boot reads the name in an environment variable in lower
	 * case ({@code TIMESORTEDID_PARTITIONS_POST_RETENTION} is {@code partitions.post.retention}) and
	 * binds {@code post} and {@code Post} from the same settings, so that a variable overriding a
	 * config file's {@code Post} would otherwise make the entity configured twice. The entry named
	 * with capitals (the config file's, the class's name) is kept. Entries that differ in a setting
	 * (names in brackets, {@code partitions[Post]}, match in their own case) are refused.
	 * @param properties the bound properties, changed in place
	 * @throws InvalidSettingException naming a setting the entries give different values
	 */
	public static void mergeEntityKeys(TimeSortedIdProperties properties) {
		for (PropertyDescriptor setting : MapBinder.properties(TimeSortedIdProperties.class)) {
			if (setting.getReadMethod() == null || !Map.class.isAssignableFrom(setting.getPropertyType())) {
				continue;
			}
			String map = TimeSortedIdProperties.PREFIX + "." + dashed(setting.getName()) + ".";
			@SuppressWarnings("unchecked")
			Map<String, Object> entries = (Map<String, Object>) MapBinder.invoke(setting.getReadMethod(), properties, map,
					null);
			Map<String, List<String>> byName = new LinkedHashMap<>();
			entries.keySet().forEach((key) -> byName.computeIfAbsent(key.toLowerCase(Locale.ROOT), (name) -> new ArrayList<>()).add(key));
			for (List<String> keys : byName.values()) {
				if (keys.size() > 1) {
					String kept = keys.stream().filter((key) -> !key.equals(key.toLowerCase(Locale.ROOT))).findFirst().orElse(keys.get(0));
					for (String key : keys) {
						if (!key.equals(kept)) {
							checkSame(map, kept, entries.get(kept), key, entries.get(key));
							entries.remove(key);
						}
					}
				}
			}
		}
	}

	private static void checkSame(String map, String kept, Object entry, String key, Object other) {
		for (PropertyDescriptor setting : MapBinder.properties(entry.getClass())) {
			if (setting.getReadMethod() == null || setting.getName().equals("class")) {
				continue;
			}
			String name = map + key + "." + dashed(setting.getName());
			Object value = MapBinder.invoke(setting.getReadMethod(), other, name, null);
			Object keptValue = MapBinder.invoke(setting.getReadMethod(), entry, name, null);
			if (!Objects.equals(value, keptValue)) {
				throw new InvalidSettingException(name, value, "the entity is also configured as " + map + kept + ".*, where "
						+ dashed(setting.getName()) + " is '" + keptValue + "'; name the entity in one way in every source "
						+ "(an environment variable names it in lower case)");
			}
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
