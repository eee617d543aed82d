package io.github.timesortedid.jdbc.timeline;

import java.util.UUID;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An aggregate with a {@code uuidv7} {@code UUID} ID, in a {@code uuid} column. */
public record Beacon(@Id @TimeSortedId UUID id, String label) implements Labelled {

}
