package io.github.timesortedid.clinic.owner;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ResponseStatus;

/** A request named an owner that does not exist. */
@ResponseStatus(HttpStatus.NOT_FOUND)
public class OwnerNotFoundException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	OwnerNotFoundException(OwnerId id) {
		super("Owner " + id + " does not exist");
	}

}
