package io.github.timesortedid.shardingsphere;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.timesortedid.id.IdAlgorithms;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's table of the fields {@code TIME_SORTED_ID_MOD} spreads each algorithm's IDs by is
 * what the algorithm chooses from the IDs' layouts: a changed layout or rule fails here until the
 * guide says so too.
 */
class SpreadFieldsDocumentationTests {

	private static final Pattern ROW = Pattern.compile("^\\| `\\+([a-z0-9-]+)\\+` \\| ([^|]+)$", Pattern.MULTILINE);

	@Test
	void theGuideNamesTheFieldsOfEveryAlgorithm() throws IOException {
		String guide = Files.readString(Path.of("..", "docs", "src", "docs", "asciidoc", "sharding.adoc"));
		String table = guide.substring(guide.indexOf("// spread-fields"), guide.indexOf("// end spread-fields"));
		Map<String, String> documented = new LinkedHashMap<>();
		Matcher row = ROW.matcher(table);
		while (row.find()) {
			documented.put(row.group(1), row.group(2).trim());
		}
		Map<String, String> chosen = new LinkedHashMap<>();
		for (String algorithm : IdAlgorithms.names()) {
			chosen.put(algorithm, String.join(", ", ModShardingProperties.mod(algorithm, 3)
				.spreadFields()
				.stream()
				.map(field -> "`+" + field + "+`")
				.toList()));
		}
		assertThat(documented).isEqualTo(chosen);
	}

}
