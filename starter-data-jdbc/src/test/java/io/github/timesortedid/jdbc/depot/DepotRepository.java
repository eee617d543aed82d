package io.github.timesortedid.jdbc.depot;

import java.util.List;

import io.github.timesortedid.jdbc.kernel.CarrierId;
import io.github.timesortedid.jdbc.kernel.DepotId;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.repository.ListCrudRepository;

/** The depots, by ID and by carrier. */
public interface DepotRepository extends ListCrudRepository<Depot, DepotId> {

	List<Depot> findByCarrier(AggregateReference<Carrier, CarrierId> carrier);

}
