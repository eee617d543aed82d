package io.github.timesortedid.jdbc.journeys;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

/** The journeys, read by creation time in keyset pages that each read at most two partitions. */
public interface JourneyRepository extends ListCrudRepository<Journey, String>, TimeRangeRepository<Journey, String> {

}
