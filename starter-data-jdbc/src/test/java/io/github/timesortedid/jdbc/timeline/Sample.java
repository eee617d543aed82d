package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An aggregate with a {@code snowflake} {@code Long} ID. */
public record Sample(@Id @TimeSortedId(algorithm = "snowflake") Long id, String label) implements Labelled {

}
