package io.github.timesortedid.jdbc.blog;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

@IdPrefix("author")
public record AuthorId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
