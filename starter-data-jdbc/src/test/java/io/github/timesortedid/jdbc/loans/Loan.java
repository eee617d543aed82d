package io.github.timesortedid.jdbc.loans;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.MappedCollection;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A loan of a library: a typed text ID, a column named by {@code @Column}, an embedded term, a
 * reference to the branch (whose ID is binary), a list of books with IDs of their own in a table
 * whose back reference and index columns {@code @MappedCollection} names, and notes by key.
 */
// tag::aggregate[]
@Table
public class Loan {

	@Id
	@TimeSortedId
	private LoanId id;

	@Column("reader_name")
	private String reader;

	@Embedded.Nullable(prefix = "term_")
	private Term term;

	private Instant openedAt;

	private AggregateReference<Branch, BranchId> branch;

	@MappedCollection(idColumn = "loan_ref", keyColumn = "item_index")
	private List<LoanItem> items = new ArrayList<>();

	private Map<String, LoanNote> notes = new LinkedHashMap<>();
	// end::aggregate[]

	Loan() {
	}

	/**
	 * A new loan.
	 * @param reader who borrows
	 * @param term from when to when
	 * @param openedAt when it was opened
	 * @param branch where
	 */
	public Loan(String reader, Term term, Instant openedAt, BranchId branch) {
		this.reader = reader;
		this.term = term;
		this.openedAt = openedAt;
		this.branch = AggregateReference.to(branch);
	}

	/**
	 * Returns the ID.
	 * @return the ID
	 */
	public LoanId getId() {
		return this.id;
	}

	/**
	 * Returns the reader.
	 * @return the reader
	 */
	public String getReader() {
		return this.reader;
	}

	/**
	 * Returns the term.
	 * @return the term
	 */
	public Term getTerm() {
		return this.term;
	}

	/**
	 * Returns when the loan was opened.
	 * @return the instant
	 */
	public Instant getOpenedAt() {
		return this.openedAt;
	}

	/**
	 * Returns the branch.
	 * @return the reference
	 */
	public AggregateReference<Branch, BranchId> getBranch() {
		return this.branch;
	}

	/**
	 * Returns the books.
	 * @return the items
	 */
	public List<LoanItem> getItems() {
		return this.items;
	}

	/**
	 * Returns the notes by key.
	 * @return the notes
	 */
	public Map<String, LoanNote> getNotes() {
		return this.notes;
	}

	/**
	 * From when to when a loan runs.
	 * @param starts the first day
	 * @param ends the last day
	 */
	public record Term(LocalDate starts, LocalDate ends) {
	}

}
