package io.github.timesortedid.sample;

import java.util.List;
import java.util.Map;

import io.github.timesortedid.hibernate.IdField;
import io.github.timesortedid.hibernate.TimeSortedIdRegistry;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Hands out fresh IDs, so that clients can choose an ID before they create, and retry freely. */
@RestController
class IdController {

	private final TimeSortedIdRegistry registry;

	IdController(TimeSortedIdRegistry registry) {
		this.registry = registry;
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
		return Map.of("id", String.valueOf(field.next()));
	}

}
