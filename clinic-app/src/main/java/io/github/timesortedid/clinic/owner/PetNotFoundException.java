package io.github.timesortedid.clinic.owner;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ResponseStatus;

/** A request named a pet that the owner in its path does not have. */
@ResponseStatus(HttpStatus.NOT_FOUND)
public class PetNotFoundException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	PetNotFoundException(OwnerId ownerId, PetId petId) {
		super("Owner " + ownerId + " has no pet " + petId);
	}

}
