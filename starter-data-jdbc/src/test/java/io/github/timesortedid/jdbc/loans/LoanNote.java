package io.github.timesortedid.jdbc.loans;

/**
 * A note on a loan, kept by key, without an ID of its own.
 * @param body the note
 */
public record LoanNote(String body) {
}
