package io.github.timesortedid.jdbc.routes;

import org.springframework.data.repository.ListCrudRepository;

/** The routes. */
public interface RouteRepository extends ListCrudRepository<Route, String> {

}
