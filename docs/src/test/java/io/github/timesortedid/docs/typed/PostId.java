package io.github.timesortedid.docs.typed;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;

// tag::id[]
@IdPrefix("post")
public record PostId(String value) implements TypedId {

	public PostId {
		TypedIds.check(PostId.class, value); // refuses another type's ID
	}

	@Override
	public String toString() { // the ID, not PostId[value=…], in links and logs
		return this.value;
	}

}
// end::id[]
