package io.github.timesortedid.sample;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.hibernate.ParsedId;
import io.github.timesortedid.id.InvalidIdException;
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

	IdController(TimeSortedIds ids, IdResolver resolver) {
		this.ids = ids;
		this.resolver = resolver;
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

	/** {@code GET /ids/{anyId}}: which type, prefix and algorithm an ID has, and when it was made. */
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
		return description;
	}

}
