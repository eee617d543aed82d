package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An immutable aggregate with a prefixed {@code ksuid} ID: second precision, case-sensitive base62. */
public record Receipt(@Id @TimeSortedId(prefix = "rcpt", algorithm = "ksuid") String id, String label) implements Labelled {

}
