package io.github.timesortedid.shardingsphere.shop;

import java.util.List;

import io.github.timesortedid.insert.AggregateInsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;

/** The purchases: CRUD, offset pages, retry-safe inserts, time ranges and keyset pages, a derived query. */
// tag::repository[]
public interface PurchaseRepository extends ListCrudRepository<Purchase, String>,
		ListPagingAndSortingRepository<Purchase, String>, AggregateInsertRepository<Purchase>,
		TimeRangeRepository<Purchase, String> {

	/** A customer's purchases, from every shard, in creation order. */
	List<Purchase> findByCustomerOrderById(AggregateReference<Customer, String> customer);

}
// end::repository[]
