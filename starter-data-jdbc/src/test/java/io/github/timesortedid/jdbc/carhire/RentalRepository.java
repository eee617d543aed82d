package io.github.timesortedid.jdbc.carhire;

import org.springframework.data.repository.ListCrudRepository;

/** The rentals. */
public interface RentalRepository extends ListCrudRepository<Rental, String> {

}
