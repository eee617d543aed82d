package io.github.timesortedid.clinic.owner;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

/** Stores owners, with their pets and visits (cascaded). */
public interface OwnerRepository extends JpaRepository<Owner, OwnerId> {

	/**
	 * Finds owners whose last name starts with the given text.
	 * @param lastName the start of the last name; empty for all owners
	 * @param pageable the page
	 * @return a page of owners
	 */
	Page<Owner> findByLastNameStartingWith(String lastName, Pageable pageable);

}
