package io.github.timesortedid.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link BenchmarkTables} writes each Markdown table of a result file as an AsciiDoc table named
 * after its heading, with the cells' text kept as it is.
 */
class BenchmarkTablesTests {

	private static final List<String> RESULT = List.of("# Benchmark results", "", "| machine | |", "|---|---|",
			"| cores | 2 |", "", "## Inserts, 200000 rows (batch_size=50)", "", "| strategy | rows/s |", "|---|---|",
			"| **@TimeSortedId uuidv7 binary** | 125,554 |", "| post_ + `uuidv7` <text> [a] | |", "",
			"Rows per slice:", "", "| strategy | 1 |", "|---|---|", "| SEQUENCE | 118,873 |");

	@Test
	void eachTableIsNamedAfterItsHeadingAndASecondOneIsNumbered(@TempDir Path folder) throws IOException {
		Path results = Files.createDirectories(folder.resolve("results"));
		Files.write(results.resolve("summary.md"), RESULT);
		Files.writeString(results.resolve("notes.txt"), "| not | a result |\n");
		Path target = folder.resolve("adoc");
		BenchmarkTables.main(new String[] { target.toString(), results.toString() });
		assertThat(target.resolve("summary/machine.adoc")).content()
			.isEqualTo("[options=\"header\"]\n|===\n| pass:c[machine]\n| \n\n| pass:c[cores]\n| pass:c[2]\n\n|===\n");
		assertThat(target.resolve("summary/inserts-200000-rows-batch-size-50.adoc")).content()
			.contains("| *pass:c[@TimeSortedId uuidv7 binary]*\n| pass:c[125,554]\n")
			.contains("| pass:c[post_ + ]`+uuidv7+`pass:c[ <text> [a\\]]\n| \n")
			.doesNotContain("---");
		assertThat(target.resolve("summary/inserts-200000-rows-batch-size-50-2.adoc")).content()
			.contains("| pass:c[SEQUENCE]\n| pass:c[118,873]\n");
		assertThat(target.resolve("notes")).doesNotExist();
	}

}
