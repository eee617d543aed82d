package io.github.timesortedid.jdbc.shipping;

import java.util.List;
import java.util.Optional;

import io.github.timesortedid.insert.AggregateInsertRepository;
import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

public interface ShipmentRepository extends ListCrudRepository<Shipment, ShipmentId>, AggregateInsertRepository<Shipment> {

	List<Shipment> findByDestination(String destination);

	Optional<Shipment> findByReplaces(ShipmentId lost);

	@Query("select * from shipment where id in (:ids) order by id")
	List<Shipment> inOrder(List<ShipmentId> ids);

}
