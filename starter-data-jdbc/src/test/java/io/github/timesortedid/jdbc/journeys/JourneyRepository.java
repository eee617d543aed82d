package io.github.timesortedid.jdbc.journeys;

import io.github.timesortedid.insert.AggregateInsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

/**
 * The journeys, read by creation time in keyset pages that each read at most two partitions, and
 * imported with their IDs in retry-safe batches.
 */
public interface JourneyRepository extends ListCrudRepository<Journey, String>, TimeRangeRepository<Journey, String>,
		AggregateInsertRepository<Journey> {

}
