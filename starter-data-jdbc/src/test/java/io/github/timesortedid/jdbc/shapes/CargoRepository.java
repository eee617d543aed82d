package io.github.timesortedid.jdbc.shapes;

import io.github.timesortedid.insert.AggregateInsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

public interface CargoRepository extends ListCrudRepository<Cargo, CargoId>, AggregateInsertRepository<Cargo>,
		TimeRangeRepository<Cargo, CargoId> {

}
