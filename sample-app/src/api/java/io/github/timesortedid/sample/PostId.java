package io.github.timesortedid.sample;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

/** The ID of a {@link Post}, e.g. {@code post_01m80...}; never holds another type's ID. */
@IdPrefix("post")
public record PostId(String value) implements TypedId {

	public PostId {
		TypedIds.check(PostId.class, value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
