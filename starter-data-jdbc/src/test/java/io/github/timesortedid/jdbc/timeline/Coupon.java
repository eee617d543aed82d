package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An aggregate with {@code random} IDs, which carry no time. */
public record Coupon(@Id @TimeSortedId(prefix = "cpn", algorithm = "random") String id, String label) implements Labelled {

}
