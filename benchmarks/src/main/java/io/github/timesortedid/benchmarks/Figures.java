package io.github.timesortedid.benchmarks;

import java.util.List;
import java.util.Locale;

/**
 * The arithmetic of the benchmarks that take turns in rounds, and how their result files write
 * numbers, in one place for all of them.
 */
public final class Figures {

	private Figures() {
	}

	/**
	 * The items of one part when items are cut into nearly equal parts.
	 * @param total the items
	 * @param parts the parts
	 * @param index the part, from 0
	 * @return its items: the first {@code total % parts} parts have one more
	 */
	public static int share(int total, int parts, int index) {
		return total / parts + ((index < total % parts) ? 1 : 0);
	}

	/**
	 * The median; of an even number of values, the mean of the middle two.
	 * @param values the values, at least one
	 * @return their median
	 */
	public static double median(List<Double> values) {
		if (values.isEmpty()) {
			throw new IllegalArgumentException("no values");
		}
		List<Double> sorted = values.stream().sorted().toList();
		int middle = sorted.size() / 2;
		return (sorted.size() % 2 == 1) ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
	}

	/**
	 * A count per row or per aggregate.
	 * @param value the count
	 * @return whole numbers without decimals ({@code 1}, {@code 0}), others with two ({@code 0.02})
	 */
	public static String perUnit(double value) {
		return (value == Math.rint(value)) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.2f", value);
	}

	/**
	 * A rate.
	 * @param value the rate
	 * @return whole, with thousands separated: {@code 4,848}
	 */
	public static String rate(double value) {
		return String.format(Locale.ROOT, "%,.0f", value);
	}

	/**
	 * Whether a target was met, as the tables of targets say it.
	 * @param met whether it was
	 * @return {@code yes}, or a bold {@code no}
	 */
	public static String yes(boolean met) {
		return met ? "yes" : "**no**";
	}

	/**
	 * A value for {@code summary.json} and its kin.
	 * @param value the value
	 * @return rounded to three decimals
	 */
	public static double round(double value) {
		return Math.round(value * 1000) / 1000.0;
	}

}
