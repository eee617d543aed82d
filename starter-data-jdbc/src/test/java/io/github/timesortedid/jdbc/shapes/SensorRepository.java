package io.github.timesortedid.jdbc.shapes;

import io.github.timesortedid.insert.AggregateInsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

public interface SensorRepository extends ListCrudRepository<Sensor, java.util.UUID>, AggregateInsertRepository<Sensor>,
		TimeRangeRepository<Sensor, java.util.UUID> {

}
