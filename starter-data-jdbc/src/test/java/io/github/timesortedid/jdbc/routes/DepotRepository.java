package io.github.timesortedid.jdbc.routes;

import org.springframework.data.repository.ListCrudRepository;

/** The depots. */
public interface DepotRepository extends ListCrudRepository<Depot, String> {

}
