package io.github.timesortedid.jdbc.routes;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/**
 * A bus depot: an aggregate whose table is not partitioned, beside the partitioned routes.
 * @param id the ID
 * @param name the depot's name
 */
public record Depot(@Id @TimeSortedId(prefix = "dpt", algorithm = "uuidv7") String id, String name) {
}
