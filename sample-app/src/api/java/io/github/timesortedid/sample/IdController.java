package io.github.timesortedid.sample;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.query.IdResolver;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Hands out fresh IDs, and tells what any ID is. */
@RestController
class IdController {

	private final TimeSortedIds ids;

	private final IdResolver resolver;

	private final TimeSortedIdRegistry registry;

	IdController(TimeSortedIds ids, IdResolver resolver, TimeSortedIdRegistry registry) {
		this.ids = ids;
		this.resolver = resolver;
		this.registry = registry;
	}

	/**
	 * {@code GET /ids/types}: the ID types of this application, each an entity's identifier with
	 * its prefix, algorithm and length, so that a client (the front door page) need not know them.
	 */
	@GetMapping("/ids/types")
	List<IdType> types() {
		return this.registry.fields()
			.stream()
			.filter(field -> field.isIdentifier() && !field.format().prefix().isEmpty())
			.map(field -> new IdType(field.entityName(), field.format().prefix(), field.format().algorithm().name(),
					field.format().length()))
			.sorted(Comparator.comparing(IdType::type))
			.toList();
	}

	/** {@code GET /ids/new?type=post}: a new ID of the type with that prefix; nothing is stored. */
	@GetMapping("/ids/new")
	Map<String, String> newId(@RequestParam String type) {
		try {
			return Map.of("id", this.ids.nextWithPrefix(type));
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidParameterException("type", ex.getMessage());
		}
	}

	/**
	 * {@code GET /ids/{anyId}}: which type, prefix and algorithm an ID has, when it was made, and
	 * its body's bit layout (the fields in order, each with its bits and value).
	 */
	@GetMapping("/ids/{id}")
	Map<String, Object> describe(@PathVariable String id) {
		ParsedId parsed;
		try {
			parsed = this.resolver.parse(id);
		}
		catch (InvalidIdException ex) {
			throw new InvalidParameterException("id", ex.getMessage());
		}
		Map<String, Object> description = new LinkedHashMap<>();
		description.put("id", parsed.id());
		description.put("type", parsed.entityName());
		description.put("prefix", parsed.prefix());
		description.put("algorithm", parsed.algorithm());
		parsed.createdAt().ifPresent(createdAt -> description.put("createdAt", createdAt.toString()));
		description.put("segments", parsed.segments());
		return description;
	}

	/** One ID type: the entity, the prefix of its IDs, their algorithm and their length in characters. */
	record IdType(String type, String prefix, String algorithm, int length) {
	}

}
