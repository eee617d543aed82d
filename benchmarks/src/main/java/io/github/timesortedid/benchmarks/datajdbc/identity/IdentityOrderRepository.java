package io.github.timesortedid.benchmarks.datajdbc.identity;

import org.springframework.data.repository.ListCrudRepository;

/** Spring Data JDBC's {@code save()} and {@code saveAll()} of orders with identity keys. */
public interface IdentityOrderRepository extends ListCrudRepository<IdentityOrder, Long> {

}
