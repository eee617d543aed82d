package io.github.timesortedid.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.partitioning.PartitionSettings;

/**
 * The names that {@code time-sorted-id.entities.*} and {@code time-sorted-id.partitions.*} give,
 * checked once against what every integration of one registry maps, so that a mistyped name fails
 * startup instead of being ignored. In an application with both JPA and Spring Data JDBC, Hibernate
 * boots first and applies the names it maps; the rest are left to the aggregates' registration,
 * which the registry awaits, and checked against both when it has registered. Guarded by the
 * registry's lock.
 */
final class SettingNames {

	private final TimeSortedIdSettings settings;

	/** The integrations that register after the one booting now. */
	private final Set<String> awaited = new HashSet<>();

	/** What each integration partitioned, and what it could have. */
	private final Map<String, Set<String>> partitioned = new LinkedHashMap<>();

	private final Map<String, MappedNames> partitionable = new LinkedHashMap<>();

	SettingNames(TimeSortedIdSettings settings) {
		this.settings = settings;
	}

	void await(String integration) {
		this.awaited.add(integration);
	}

	void registered(String integration) {
		this.awaited.remove(integration);
	}

	/** The partition settings whose names no other integration has applied. */
	Map<String, PartitionSettings> partitionsToApply(String integration) {
		Map<String, PartitionSettings> left = new LinkedHashMap<>(this.settings.partitions());
		this.partitioned.forEach((other, names) -> {
			if (!other.equals(integration)) {
				left.keySet().removeAll(names);
			}
		});
		return left;
	}

	/** Records what an integration partitioned; once none is awaited, fails for a name that none did. */
	void partitioned(String integration, MappedNames names, Set<String> applied) {
		this.partitioned.put(integration, Set.copyOf(applied));
		this.partitionable.put(integration, names);
		if (!this.awaited.isEmpty()) {
			return;
		}
		Set<String> all = new HashSet<>();
		this.partitioned.values().forEach(all::addAll);
		for (String name : this.settings.partitions().keySet()) {
			if (!all.contains(name)) {
				List<MappedNames> mapped = List.copyOf(this.partitionable.values());
				String noun = (mapped.size() == 1) ? mapped.get(0).noun() : "entity";
				List<String> namings = new ArrayList<>(mapped.stream().map(MappedNames::describe).toList());
				namings.add("remove the property.");
				throw new TimeSortedIdConfigurationException("The property " + PropertyNames.PARTITIONS + name + ".* names no "
						+ noun + " whose @Id is a @TimeSortedId attribute.", "Use " + String.join(", or ", namings));
			}
		}
	}

	/** Fails if an entity override names no entity with a {@code @TimeSortedId} attribute, once none is awaited. */
	void verifyEntityOverridesUsed(IdCatalog mapped) {
		if (!this.awaited.isEmpty()) {
			return;
		}
		for (String entity : this.settings.entities().keySet()) {
			IdField inherited = mapped.inheritors().entrySet()
				.stream()
				.filter(entry -> entry.getKey().equalsIgnoreCase(entity))
				.map(Map.Entry::getValue)
				.findFirst()
				.orElse(null);
			if (inherited != null && this.settings.entity(inherited.entityName(), inherited.entityClass()) == null) {
				throw new TimeSortedIdConfigurationException(
						"The property " + PropertyNames.ENTITIES + entity + ".* names an entity that inherits its ID "
								+ "attribute from " + inherited + ": every entity of one hierarchy shares one ID attribute, "
								+ "one prefix and one algorithm.",
						"Set " + PropertyNames.ENTITIES + inherited.entityName() + ".* instead, or remove "
								+ PropertyNames.ENTITIES + entity + ".*.");
			}
			if (inherited != null) {
				continue;
			}
			boolean used = mapped.fields().values().stream()
				.map(field -> this.settings.entity(field.entityName(), field.entityClass()))
				.anyMatch(overrides -> overrides != null && overrides.getKey().equals(entity));
			if (!used) {
				List<String> known = mapped.fields().values().stream().map(IdField::entityName).distinct().toList();
				throw new TimeSortedIdConfigurationException(
						"The property " + PropertyNames.ENTITIES + entity
								+ ".* names no entity with a @TimeSortedId attribute.",
						"Use the entity name (JPA's, or a Spring Data JDBC entity's simple class name) of an entity with a "
								+ "@TimeSortedId attribute"
								+ (known.isEmpty() ? "" : " (" + String.join(", ", known) + ")")
								+ ", or remove the property.");
			}
		}
	}

}
