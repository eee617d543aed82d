package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An aggregate with microsecond {@code couchdb-utc-random} IDs. */
public record Trace(@Id @TimeSortedId(prefix = "trc", algorithm = "couchdb-utc-random") String id, String label)
		implements Labelled {

}
