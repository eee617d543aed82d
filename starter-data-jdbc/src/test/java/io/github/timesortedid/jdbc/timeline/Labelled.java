package io.github.timesortedid.jdbc.timeline;

/** An aggregate of the timeline with a label, which the tests read back. */
public interface Labelled {

	/**
	 * The label the test gave the aggregate.
	 * @return the label
	 */
	String label();

}
