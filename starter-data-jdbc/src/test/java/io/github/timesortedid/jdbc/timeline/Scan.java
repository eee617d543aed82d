package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An entity inside the {@link Shipment} aggregate, with an ID of its own. */
public record Scan(@Id @TimeSortedId(prefix = "scan") String id, String place) {

}
