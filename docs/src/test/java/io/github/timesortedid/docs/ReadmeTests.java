package io.github.timesortedid.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README as the front page: short; its code examples the same, to the character, as the tagged
 * regions of the files the build compiles and runs (GitHub renders no includes, so the README
 * repeats them and this test holds it to them); its links to the guide and the repository resolve;
 * the versions it shows are the build's; and every heading of the long README it replaced has a
 * place, on the front page or in the rendered guide.
 */
class ReadmeTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final Path GUIDE = Path.of("target", "guide").toAbsolutePath();

	private static final Pattern EXAMPLE = Pattern
		.compile("<!-- from (\\S+) tag=([\\w-]+) -->\\n```\\w+\\n(.*?)\\n```", Pattern.DOTALL);

	private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

	private final Map<Path, Set<String>> ids = new HashMap<>();

	@Test
	void theFrontPageIsShort() throws IOException {
		assertThat(readme().lines().count()).isLessThanOrEqualTo(250);
	}

	@Test
	void everyExampleIsTheCodeTheBuildRuns() throws IOException {
		Matcher examples = EXAMPLE.matcher(readme());
		int found = 0;
		while (examples.find()) {
			found++;
			assertThat(examples.group(3)).as(examples.group(1) + " tag " + examples.group(2))
				.isEqualTo(region(ROOT.resolve(examples.group(1)), examples.group(2)));
		}
		assertThat(found).isGreaterThanOrEqualTo(6);
		// and no code block of Java, YAML, properties or SQL that no file backs
		assertThat(Pattern.compile("(?<!-->)\\n```(java|yaml|properties|sql)\\n").matcher(readme()).results())
			.isEmpty();
	}

	@Test
	void theVersionsShownAreTheBuilds() throws IOException {
		String version = System.getProperty("project.version");
		assertThat(version).isNotBlank();
		assertThat(Pattern.compile("time-sorted-id-bom(?:</artifactId>\\s*<version>|:)([^<\"\\s]+?)(?:</version>|\")")
			.matcher(readme())
			.results()
			.map(match -> match.group(1))).hasSize(2).containsOnly(version);
	}

	@Test
	void everyLinkResolves() throws IOException {
		List<String> broken = new ArrayList<>();
		Matcher links = LINK.matcher(readme());
		while (links.find()) {
			String link = links.group(1);
			if (link.startsWith("http")) {
				continue;
			}
			String[] parts = link.split("#", 2);
			Path file = ROOT.resolve(parts[0]);
			if (!Files.exists(file)) {
				broken.add(link + ": no such file");
			}
			else if (parts.length == 2 && !anchorsOf(file).contains(parts[1])) {
				broken.add(link + ": no such anchor");
			}
		}
		assertThat(broken).isEmpty();
	}

	@Test
	void everyHeadingOfTheLongReadmeHasAPlace() throws IOException {
		List<String> missing = new ArrayList<>();
		int rows = 0;
		for (String row : new ClassPathResource("readme-headings.tsv").getContentAsString(StandardCharsets.UTF_8)
			.split("\n")) {
			if (row.isBlank() || row.startsWith("#")) {
				continue;
			}
			rows++;
			String[] columns = row.split("\t");
			String[] target = columns[1].split("#", 2);
			Path file = target[0].equals("README.md") ? ROOT.resolve("README.md") : GUIDE.resolve(target[0]);
			if (!Files.exists(file) || !anchorsOf(file).contains(target[1])) {
				missing.add(columns[0] + " -> " + columns[1]);
			}
		}
		assertThat(missing).isEmpty();
		assertThat(rows).isEqualTo(55);
	}

	/** The anchors of a rendered guide page, of the page an AsciiDoc source renders to, or of the README's headings. */
	private Set<String> anchorsOf(Path file) throws IOException {
		Path page = file.toString().endsWith(".adoc")
				? GUIDE.resolve(file.getFileName().toString().replace(".adoc", ".html")) : file;
		Set<String> known = this.ids.get(page);
		if (known == null) {
			known = new LinkedHashSet<>();
			String text = Files.readString(page);
			if (page.toString().endsWith(".md")) {
				// GitHub's anchors: lower case, punctuation other than '-' and '_' dropped, spaces as '-'
				for (Matcher heading = Pattern.compile("(?m)^#+ (.*)$").matcher(text); heading.find();) {
					known.add(heading.group(1).toLowerCase().replaceAll("[^\\w\\- ]", "").replace(' ', '-'));
				}
			}
			else {
				for (Matcher id = Pattern.compile("\\bid=\"([^\"]+)\"").matcher(text); id.find();) {
					known.add(id.group(1));
				}
			}
			this.ids.put(page, known);
		}
		return known;
	}

	/** A tagged region of a file, as Asciidoctor includes it with {@code indent=0}. */
	static String region(Path file, String tag) throws IOException {
		List<String> lines = new ArrayList<>();
		boolean inside = false;
		for (String line : Files.readAllLines(file)) {
			if (line.matches(".*(//|#|--) tag::" + tag + "\\[\\].*")) {
				inside = true;
			}
			else if (line.matches(".*(//|#|--) end::" + tag + "\\[\\].*")) {
				inside = false;
			}
			else if (inside && !line.matches(".*(//|#|--) (tag|end)::[\\w-]+\\[\\].*")) {
				lines.add(line);
			}
		}
		int indent = lines.stream()
			.filter(line -> !line.isBlank())
			.mapToInt(line -> line.length() - line.stripLeading().length())
			.min()
			.orElse(0);
		return String.join("\n", lines.stream().map(line -> line.isBlank() ? "" : line.substring(indent)).toList()).strip();
	}

	private static String readme() throws IOException {
		return Files.readString(ROOT.resolve("README.md"));
	}

}
