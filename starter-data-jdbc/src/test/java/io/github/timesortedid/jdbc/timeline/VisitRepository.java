package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

public interface VisitRepository extends ListCrudRepository<Visit, VisitId>, TimeRangeRepository<Visit, VisitId> {

}
