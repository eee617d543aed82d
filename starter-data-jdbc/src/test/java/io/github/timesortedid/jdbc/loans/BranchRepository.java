package io.github.timesortedid.jdbc.loans;

import org.springframework.data.repository.ListCrudRepository;

/** The branches. */
public interface BranchRepository extends ListCrudRepository<Branch, BranchId> {

}
