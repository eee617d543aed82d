package io.github.timesortedid.clinic.vet;

import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.repository.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Reads the vets. */
public interface VetRepository extends Repository<Vet, VetId> {

	/**
	 * Returns every vet.
	 * @return the vets
	 */
	@Transactional(readOnly = true)
	List<Vet> findAll();

	/**
	 * Returns a page of vets.
	 * @param pageable the page
	 * @return the vets on it
	 */
	@Transactional(readOnly = true)
	Page<Vet> findAll(Pageable pageable);

}
