package io.github.timesortedid.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Turns the tables of the committed benchmark results ({@code benchmarks/results/*.md}, written
 * by the benchmarks themselves) into AsciiDoc tables the guide includes, so that the guide shows the
 * numbers of the last committed run and cannot drift from them. Each table under a {@code ##}
 * heading becomes {@code <file>/<heading>.adoc}, the heading lower-cased with every run of other
 * characters than letters and digits made one {@code -}: the table under
 * {@code ## Targets} of {@code summary.md} is {@code summary/targets.adoc}. A second table under
 * the same heading is {@code <heading>-2.adoc}, and so on. A table before the first heading (the
 * machine's description) is {@code <file>/machine.adoc}.
 */
public final class BenchmarkTables {

	private static final Pattern HEADING = Pattern.compile("^## (.+)$");

	private static final Pattern BOLD = Pattern.compile("^\\*\\*(.*)\\*\\*$");

	private BenchmarkTables() {
	}

	/**
	 * Writes the tables.
	 * @param args the folder to write into, then the folder of the results
	 * @throws IOException if a result cannot be read or a table written
	 */
	public static void main(String[] args) throws IOException {
		Path target = Path.of(args[0]);
		List<Path> results;
		try (Stream<Path> files = Files.list(Path.of(args[1]))) {
			results = files.filter(file -> file.getFileName().toString().endsWith(".md")).sorted().toList();
		}
		for (Path result : results) {
			String name = result.getFileName().toString().replaceFirst("\\.md$", "");
			for (Table table : tables(Files.readAllLines(result))) {
				Path file = target.resolve(name).resolve(table.slug() + ".adoc");
				Files.createDirectories(file.getParent());
				Files.writeString(file, table.asciidoc());
			}
		}
	}

	static List<Table> tables(List<String> lines) {
		List<Table> tables = new ArrayList<>();
		Map<String, Integer> seen = new HashMap<>();
		String slug = "machine";
		List<String> rows = new ArrayList<>();
		for (String line : lines) {
			Matcher heading = HEADING.matcher(line);
			if (heading.matches()) {
				slug = slug(heading.group(1));
			}
			if (line.startsWith("|")) {
				rows.add(line);
			}
			else if (!rows.isEmpty()) {
				tables.add(new Table(numbered(slug, seen), List.copyOf(rows)));
				rows.clear();
			}
		}
		if (!rows.isEmpty()) {
			tables.add(new Table(numbered(slug, seen), List.copyOf(rows)));
		}
		return tables;
	}

	private static String numbered(String slug, Map<String, Integer> seen) {
		int count = seen.merge(slug, 1, Integer::sum);
		return (count == 1) ? slug : slug + "-" + count;
	}

	static String slug(String heading) {
		return heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
	}

	/** One Markdown table: its header row, the separator row, then the body. */
	record Table(String slug, List<String> rows) {

		String asciidoc() {
			StringBuilder adoc = new StringBuilder("[options=\"header\"]\n|===\n");
			for (int i = 0; i < this.rows.size(); i++) {
				// the second row only separates the header from the body
				if (i != 1) {
					for (String cell : cells(this.rows.get(i))) {
						adoc.append("| ").append(cell(cell)).append('\n');
					}
					adoc.append('\n');
				}
			}
			return adoc.append("|===\n").toString();
		}

		private static List<String> cells(String row) {
			String inner = row.strip().replaceFirst("^\\|", "").replaceFirst("\\|$", "");
			return List.of(inner.split("\\|", -1)).stream().map(String::strip).toList();
		}

		/**
		 * A cell's text as it is: passed through, so that the underscores, plus signs and asterisks
		 * of IDs and options mean nothing to AsciiDoc; Markdown's bold and code spans are kept.
		 */
		private static String cell(String cell) {
			if (cell.isEmpty()) {
				return "";
			}
			Matcher bold = BOLD.matcher(cell);
			if (bold.matches()) {
				return "*" + passThrough(bold.group(1)) + "*";
			}
			return passThrough(cell);
		}

		private static String passThrough(String text) {
			StringBuilder out = new StringBuilder();
			String[] parts = text.split("`", -1);
			for (int i = 0; i < parts.length; i++) {
				if (parts[i].isEmpty()) {
					continue;
				}
				// odd parts were inside backticks
				out.append((i % 2 == 1) ? "`+" + parts[i] + "+`" : "pass:c[" + parts[i].replace("]", "\\]") + "]");
			}
			return out.toString();
		}

	}

}
