package io.github.timesortedid.jdbc.blog;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An immutable entity in a set inside the {@link Post} aggregate: the callback copies it to give it its ID. */
public record Tag(@Id @TimeSortedId(prefix = "tag") String id, String name) {

	public static Tag named(String name) {
		return new Tag(null, name);
	}

}
