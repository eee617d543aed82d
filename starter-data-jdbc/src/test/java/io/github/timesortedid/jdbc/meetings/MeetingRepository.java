package io.github.timesortedid.jdbc.meetings;

import io.github.timesortedid.insert.AggregateInsertRepository;
import org.springframework.data.repository.ListCrudRepository;

/** The meetings, with the retry-safe insert. */
public interface MeetingRepository extends ListCrudRepository<Meeting, String>, AggregateInsertRepository<Meeting> {

}
