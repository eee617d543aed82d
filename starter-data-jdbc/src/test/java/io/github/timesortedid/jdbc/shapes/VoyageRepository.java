package io.github.timesortedid.jdbc.shapes;

import io.github.timesortedid.insert.AggregateInsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

public interface VoyageRepository extends ListCrudRepository<Voyage, VoyageId>, AggregateInsertRepository<Voyage>,
		TimeRangeRepository<Voyage, VoyageId> {

}
