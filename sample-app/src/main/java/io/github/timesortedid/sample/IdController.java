package io.github.timesortedid.sample;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.hibernate.IdField;
import io.github.timesortedid.hibernate.ParsedId;
import io.github.timesortedid.hibernate.TimeSortedIdRegistry;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.query.IdResolver;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Hands out fresh IDs, and tells what any ID is. */
@RestController
class IdController {

	private final TimeSortedIdRegistry registry;

	private final IdResolver resolver;

	IdController(TimeSortedIdRegistry registry, IdResolver resolver) {
		this.registry = registry;
		this.resolver = resolver;
	}

	/** {@code GET /ids/new?type=post}: a new ID of the type with that prefix; nothing is stored. */
	@GetMapping("/ids/new")
	Map<String, String> newId(@RequestParam String type) {
		List<IdField> fields = this.registry.fields();
		IdField field = fields.stream()
			.filter(candidate -> candidate.isIdentifier() && candidate.format().prefix().equals(type))
			.findFirst()
			.orElseThrow(() -> new InvalidParameterException("type", "Unknown ID type '" + type + "'; known types are "
					+ String.join(", ", fields.stream().filter(IdField::isIdentifier).map(f -> f.format().prefix()).sorted().toList())));
		return Map.of("id", field.format().next());
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
