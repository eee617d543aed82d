package io.github.timesortedid.jdbc.loans;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** A book lent: an entity inside the loan, with an ID of its own. */
public class LoanItem {

	@Id
	@TimeSortedId(prefix = "item")
	private String id;

	private String title;

	private int copies;

	LoanItem() {
	}

	/**
	 * A book lent.
	 * @param title its title
	 * @param copies how many copies
	 */
	public LoanItem(String title, int copies) {
		this.title = title;
		this.copies = copies;
	}

	/**
	 * Returns the ID.
	 * @return the ID
	 */
	public String getId() {
		return this.id;
	}

	/**
	 * Returns the title.
	 * @return the title
	 */
	public String getTitle() {
		return this.title;
	}

	/**
	 * Returns the copies.
	 * @return the copies
	 */
	public int getCopies() {
		return this.copies;
	}

}
