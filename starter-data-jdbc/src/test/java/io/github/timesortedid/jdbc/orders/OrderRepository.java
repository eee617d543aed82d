package io.github.timesortedid.jdbc.orders;

import io.github.timesortedid.insert.AggregateInsertRepository;
import org.springframework.data.repository.ListCrudRepository;

// tag::repository[]
public interface OrderRepository extends ListCrudRepository<PurchaseOrder, String>, AggregateInsertRepository<PurchaseOrder> {

}
// end::repository[]
