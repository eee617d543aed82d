package io.github.timesortedid.model;

import java.util.List;
import java.util.Map;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.InvalidPrefixException;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.Prefixes;
import org.jspecify.annotations.Nullable;

/**
 * The overrides of one entity, from {@code time-sorted-id.entities.<Entity>.*}; {@code null}
 * members leave the annotation's value.
 *
 * @param prefix the prefix of the entity's {@code @Id}, or {@code null}
 * @param algorithm the algorithm of the entity's attributes, or {@code null}
 * @param storage the storage of the entity's text attributes, or {@code null}
 */
public record EntitySettings(@Nullable String prefix, @Nullable String algorithm, @Nullable IdStorage storage) {

	/** Finds an entity's overrides: by its exact name, else ignoring case, else by class name. */
	static Map.@Nullable Entry<String, EntitySettings> find(Map<String, EntitySettings> entities, String entityName,
			@Nullable Class<?> entityClass) {
		if (entities.containsKey(entityName)) {
			return Map.entry(entityName, entities.get(entityName));
		}
		for (Map.Entry<String, EntitySettings> entry : entities.entrySet()) {
			if (entry.getKey().equalsIgnoreCase(entityName)
					|| (entityClass != null && entry.getKey().equals(entityClass.getName()))) {
				return entry;
			}
		}
		return null;
	}

	/**
	 * Checks the overrides of an entity: a known algorithm and a valid prefix.
	 * @param entity the entity name, as the properties give it
	 * @param algorithmNames every algorithm name that can be configured
	 * @throws InvalidSettingException naming the property of the first bad value
	 */
	void check(String entity, List<String> algorithmNames) {
		if (this.algorithm != null && !algorithmNames.contains(this.algorithm)) {
			throw IdAlgorithms.unknown(PropertyNames.ENTITIES + entity + ".algorithm", this.algorithm, algorithmNames);
		}
		if (this.prefix != null && !this.prefix.isEmpty()) {
			try {
				Prefixes.check(this.prefix);
			}
			catch (InvalidPrefixException ex) {
				throw new InvalidSettingException(PropertyNames.ENTITIES + entity + ".prefix", this.prefix,
						ex.getReason() + " (TypeID rules), e.g. post");
			}
		}
	}

}
