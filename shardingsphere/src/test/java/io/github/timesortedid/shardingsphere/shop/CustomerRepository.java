package io.github.timesortedid.shardingsphere.shop;

import org.springframework.data.repository.ListCrudRepository;

/** The customers. */
public interface CustomerRepository extends ListCrudRepository<Customer, String> {

}
