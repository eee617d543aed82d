package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

public interface TraceRepository extends ListCrudRepository<Trace, String>, TimeRangeRepository<Trace, String> {

}
