package io.github.timesortedid.id;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The name and timestamp field that every time-ordered algorithm has. */
abstract class AbstractTimeOrderedAlgorithm implements TimeOrderedIdAlgorithm {

	private final String name;

	private final TimeField time;

	AbstractTimeOrderedAlgorithm(String name, TimeField time) {
		this.name = name;
		this.time = time;
	}

	final TimeField time() {
		return this.time;
	}

	/** How messages refer to a body of this algorithm. */
	final String what() {
		return "a " + this.name + " body";
	}

	@Override
	public final String name() {
		return this.name;
	}

	@Override
	public final ChronoUnit precision() {
		return this.time.unit();
	}

	@Override
	public final Instant minInstant() {
		return this.time.min();
	}

	@Override
	public final Instant maxInstant() {
		return this.time.maxInstant();
	}

	@Override
	public String toString() {
		return this.name;
	}

	static String ascii(byte[] bytes) {
		return Ascii.string(bytes);
	}

}
