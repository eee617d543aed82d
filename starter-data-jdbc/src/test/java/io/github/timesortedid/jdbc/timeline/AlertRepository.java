package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

public interface AlertRepository extends ListCrudRepository<Alert, String>, TimeRangeRepository<Alert, String> {

}
