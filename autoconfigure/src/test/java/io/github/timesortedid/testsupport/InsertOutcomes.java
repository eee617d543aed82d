package io.github.timesortedid.testsupport;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;

/**
 * What the insert calls of one fault-matrix case returned, counted by the threads that made them,
 * not taken from what the inserter says about itself: shared by the fault matrices of JPA's and
 * Spring Data JDBC's retry-safe inserts.
 */
public final class InsertOutcomes {

	private int calls;

	private int created;

	private int replayed;

	private final List<InsertConflictException> conflicts = new ArrayList<>();

	private final List<RuntimeException> gaveUp = new ArrayList<>();

	/** One insert call of a case: the {@code index}th of a thread. */
	@FunctionalInterface
	public interface Insert {

		InsertResult<?> insert(int thread, int index);

	}

	/** One batch insert call of a case: the aggregates {@code first} to {@code first + count - 1} of a thread. */
	@FunctionalInterface
	public interface Batch {

		List<? extends InsertResult<?>> insert(int thread, int first, int count);

	}

	/**
	 * Inserts {@code threads × perThread} aggregates from as many threads, {@code batchSize} per call,
	 * and counts what the calls returned and threw.
	 * @param limitSeconds how long all calls may take: a hung retry fails the case instead of the build
	 * @throws AssertionError if calls are still running after the limit
	 */
	static InsertOutcomes run(int threads, int perThread, int batchSize, long limitSeconds, Batch batch) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<InsertOutcomes>> results = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				int thread = t;
				results.add(pool.submit(() -> {
					InsertOutcomes outcomes = new InsertOutcomes();
					for (int first = 0; first < perThread; first += batchSize) {
						outcomes.calls++;
						try {
							batch.insert(thread, first, Math.min(batchSize, perThread - first)).forEach(outcomes::count);
						}
						catch (InsertConflictException ex) {
							outcomes.conflicts.add(ex);
						}
						catch (RuntimeException ex) {
							outcomes.gaveUp.add(ex);
						}
					}
					return outcomes;
				}));
			}
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitSeconds);
			InsertOutcomes all = new InsertOutcomes();
			for (Future<InsertOutcomes> result : results) {
				try {
					all.add(result.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
				}
				catch (TimeoutException ex) {
					throw new AssertionError("Inserts still running after " + limitSeconds + " s: a retry hangs", ex);
				}
			}
			return all;
		}
		finally {
			pool.shutdownNow();
		}
	}

	/** The reference of a thread's {@code index}th insert, which the census finds it by. */
	public static String reference(int thread, int index) {
		return "ref-" + thread + "-" + index;
	}

	/** The references of every insert of {@link #run}. */
	static Set<String> references(int threads, int perThread) {
		Set<String> references = new HashSet<>();
		for (int thread = 0; thread < threads; thread++) {
			for (int i = 0; i < perThread; i++) {
				references.add(reference(thread, i));
			}
		}
		return references;
	}

	private void count(InsertResult<?> result) {
		if (result.created()) {
			this.created++;
		}
		else {
			this.replayed++;
		}
	}

	private void add(InsertOutcomes other) {
		this.calls += other.calls;
		this.created += other.created;
		this.replayed += other.replayed;
		this.conflicts.addAll(other.conflicts);
		this.gaveUp.addAll(other.gaveUp);
	}

	/** Insert calls made: one per aggregate, or one per batch. */
	public int calls() {
		return this.calls;
	}

	/** Inserts whose own attempt wrote the row. */
	public int created() {
		return this.created;
	}

	/** Inserts answered with the row an earlier attempt had written (a lost commit's). */
	public int replayed() {
		return this.replayed;
	}

	/** Calls answered with InsertConflictException: all false when every insert is new. */
	public List<InsertConflictException> conflicts() {
		return this.conflicts;
	}

	/** Calls that ended with any other exception. */
	public List<RuntimeException> gaveUp() {
		return this.gaveUp;
	}

	/**
	 * Prints the kinds of failures and the first one's cause chain, and returns the same text for
	 * the assertion, so that a build log cut to its failures still says what failed.
	 * @return the text, empty if there are no failures
	 */
	public static String describe(String what, List<? extends Throwable> failures) {
		if (failures.isEmpty()) {
			return "";
		}
		Map<String, Long> kinds = failures.stream()
			.collect(Collectors.groupingBy(InsertOutcomes::rootCause, LinkedHashMap::new, Collectors.counting()));
		StringBuilder text = new StringBuilder("\n  " + what + ", by root cause: " + kinds);
		Throwable root = failures.get(0);
		for (Throwable cause = root; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			text.append("\n    first: ").append(cause);
			root = cause;
		}
		// where the root cause was thrown tells which layer failed to classify it
		Stream.of(root.getStackTrace()).limit(8).forEach(frame -> text.append("\n      at ").append(frame));
		System.out.println(text.substring(1));
		return text.toString();
	}

	private static String rootCause(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String message = String.valueOf(root.getMessage()).lines().findFirst().orElse("");
		// IDs and references differ from one failure to the next; the kind of failure does not
		return root.getClass().getSimpleName() + ": "
				+ message.replaceAll("[a-z]+_[0-9a-z]{20,}", "<id>").replaceAll("ref-\\d+-\\d+", "<ref>");
	}

}
