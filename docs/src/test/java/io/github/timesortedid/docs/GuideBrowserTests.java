package io.github.timesortedid.docs;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.timesortedid.testsupport.HeadlessChromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens the rendered guide ({@code target/guide}, which Asciidoctor wrote before the tests) in a
 * real headless Chromium: every page has a title and the navigation and its images load, every link
 * to a page of the guide (or to a file of the repository) and every anchor it names resolves, and
 * the navigation reaches every page from the home page.
 * <p>
 * Chromium and its driver come from the Debian packages {@code chromium} and
 * {@code chromium-driver}, which {@code .ci/run} installs. Without them these tests are skipped,
 * unless {@code TIME_SORTED_ID_REQUIRE_BROWSER=true} (as on CI) makes that a failure.
 */
class GuideBrowserTests {

	private static final Path GUIDE = Path.of("target", "guide").toAbsolutePath();

	private static final String PURPOSE = "to check the guide";

	private static WebDriver browser;

	/** The element IDs of each page, as the browser sees them. */
	private final Map<Path, Set<String>> ids = new HashMap<>();

	@BeforeAll
	static void startChromium() {
		browser = HeadlessChromium.start(PURPOSE, "--allow-file-access-from-files");
	}

	@AfterAll
	static void stopChromium() {
		if (browser != null) {
			browser.quit();
			browser = null;
		}
	}

	@BeforeEach
	void browserPresent() {
		assumeTrue(browser != null, () -> HeadlessChromium.missing(PURPOSE));
	}

	@Test
	void everyPageHasATitleAndTheNavigation() throws IOException {
		List<Path> pages = pages();
		assertThat(pages).hasSizeGreaterThanOrEqualTo(17);
		for (Path page : pages) {
			browser.get(page.toUri().toString());
			assertThat(browser.getTitle()).as(page.toString()).isNotBlank();
			assertThat(browser.findElements(By.cssSelector("h1"))).as(page + " has one h1").hasSize(1);
			assertThat(browser.findElements(By.cssSelector(".guide-nav a"))).as(page + " shows the navigation")
				.hasSizeGreaterThanOrEqualTo(pages.size() - 1);
			assertThat(((JavascriptExecutor) browser).executeScript(
					"return Array.from(document.images).filter(image => !image.complete || image.naturalWidth === 0)"
							+ ".map(image => image.src);"))
				.as(page + ": images that did not load")
				.asList()
				.isEmpty();
		}
	}

	@Test
	void everyInternalLinkAndAnchorResolves() throws IOException {
		List<String> broken = new ArrayList<>();
		int checked = 0;
		for (Path page : pages()) {
			for (URI link : links(page)) {
				if (!"file".equals(link.getScheme())) {
					assertThat(link.getScheme()).as("link on " + page + ": " + link).isIn("http", "https", "mailto");
					continue;
				}
				checked++;
				Path target = Path.of(URI.create(link.getScheme() + ":" + link.getRawPath()));
				if (!Files.isRegularFile(target)) {
					broken.add(page.getFileName() + " -> " + link + ": no such page");
				}
				else if (link.getFragment() != null && !link.getFragment().isEmpty()
						&& !idsOf(target).contains(link.getFragment())) {
					broken.add(page.getFileName() + " -> " + link + ": no such anchor on " + target.getFileName());
				}
			}
		}
		assertThat(broken).isEmpty();
		assertThat(checked).isGreaterThan(200);
	}

	@Test
	void theNavigationReachesEveryPageFromTheHomePage() throws IOException {
		Set<Path> reached = new LinkedHashSet<>();
		Deque<Path> next = new ArrayDeque<>(List.of(GUIDE.resolve("index.html")));
		while (!next.isEmpty()) {
			Path page = next.poll();
			if (!reached.add(page)) {
				continue;
			}
			browser.get(page.toUri().toString());
			for (WebElement link : browser.findElements(By.cssSelector(".guide-nav a"))) {
				next.add(Path.of(URI.create(link.getDomProperty("href").replaceFirst("#.*$", ""))));
			}
		}
		assertThat(reached).containsExactlyInAnyOrderElementsOf(pages());
	}

	private static List<Path> pages() throws IOException {
		try (Stream<Path> files = Files.list(GUIDE)) {
			return files.filter(file -> file.toString().endsWith(".html")).sorted().toList();
		}
	}

	/** The links of a page, as absolute URIs the browser resolved. */
	private static List<URI> links(Path page) {
		browser.get(page.toUri().toString());
		List<URI> links = new ArrayList<>();
		for (WebElement anchor : browser.findElements(By.cssSelector("a[href]"))) {
			links.add(URI.create(anchor.getDomProperty("href")));
		}
		return links;
	}

	@SuppressWarnings("unchecked")
	private Set<String> idsOf(Path page) {
		return this.ids.computeIfAbsent(page, (loaded) -> {
			browser.get(loaded.toUri().toString());
			return new LinkedHashSet<>((List<String>) ((JavascriptExecutor) browser)
				.executeScript("return Array.from(document.querySelectorAll('[id]'), element => element.id);"));
		});
	}

}
