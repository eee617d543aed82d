package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An aggregate with newest-first {@code kuuid} IDs ({@code time-sorted-id.kuuid.reverse=true}). */
public record Alert(@Id @TimeSortedId(prefix = "alert", algorithm = "kuuid") String id, String label) implements Labelled {

}
