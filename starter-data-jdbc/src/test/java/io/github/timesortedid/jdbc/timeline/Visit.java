package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** An aggregate whose ID is a typed ID. */
public record Visit(@Id @TimeSortedId VisitId id, String label) implements Labelled {

}
