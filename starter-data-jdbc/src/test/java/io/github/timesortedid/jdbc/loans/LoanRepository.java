package io.github.timesortedid.jdbc.loans;

import io.github.timesortedid.insert.AggregateInsertRepository;
import org.springframework.data.repository.ListCrudRepository;

/** The loans, with the retry-safe insert. */
public interface LoanRepository extends ListCrudRepository<Loan, LoanId>, AggregateInsertRepository<Loan> {

}
