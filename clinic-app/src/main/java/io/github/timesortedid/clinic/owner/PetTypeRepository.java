package io.github.timesortedid.clinic.owner;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

/** Reads the kinds of pets. */
public interface PetTypeRepository extends JpaRepository<PetType, PetTypeId> {

	/**
	 * Returns every pet type, by name.
	 * @return the pet types
	 */
	List<PetType> findAllByOrderByName();

}
