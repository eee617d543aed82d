package io.github.timesortedid.jdbc.shapes;

import io.github.timesortedid.AbstractTypedId;
import io.github.timesortedid.IdPrefix;

/** The typed ID of a crew, a class extending {@link AbstractTypedId}. */
@IdPrefix("crew")
public final class CrewId extends AbstractTypedId {

	private static final long serialVersionUID = 1L;

	public CrewId(String value) {
		super(value);
	}

}
