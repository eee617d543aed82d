package io.github.timesortedid.sample;

import java.time.Instant;

import io.github.timesortedid.hibernate.IdField;
import io.github.timesortedid.hibernate.TimeSortedIdRegistry;
import io.github.timesortedid.id.InvalidIdException;
import org.springframework.stereotype.Component;

/** Checks IDs from requests against their entity's format and reads creation times from IDs. */
@Component
class Ids {

	private final TimeSortedIdRegistry registry;

	Ids(TimeSortedIdRegistry registry) {
		this.registry = registry;
	}

	/** Returns the ID if it is a valid ID of the entity, else throws naming the parameter. */
	String check(String entity, String parameter, String id) {
		try {
			field(entity).format().validate(id);
			return id;
		}
		catch (InvalidIdException ex) {
			throw new InvalidParameterException(parameter, ex.getMessage());
		}
	}

	/** The creation instant carried by the ID. */
	Instant createdAt(String entity, String id) {
		return field(entity).format().instantOf(id);
	}

	private IdField field(String entity) {
		return this.registry.field(entity, "id").orElseThrow();
	}

}
