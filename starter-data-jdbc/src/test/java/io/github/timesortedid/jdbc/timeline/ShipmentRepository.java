package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

// tag::repository[]
public interface ShipmentRepository extends ListCrudRepository<Shipment, String>, TimeRangeRepository<Shipment, String> {

}
// end::repository[]
