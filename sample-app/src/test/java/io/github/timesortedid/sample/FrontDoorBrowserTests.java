package io.github.timesortedid.sample;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.testsupport.HeadlessChromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Clicks through the front door page ({@code GET /}) in a real headless Chromium: mints an ID of
 * every type, describes IDs and draws their bit layout, shows the API's problem for garbage,
 * publishes a post through the form, and pages through posts newer and older.
 * <p>
 * Chromium and its driver come from the Debian packages {@code chromium} and
 * {@code chromium-driver}, which {@code .ci/run} installs. Without them these tests are skipped,
 * unless {@code TIME_SORTED_ID_REQUIRE_BROWSER=true} (as on CI) makes that a failure.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FrontDoorBrowserTests {

	private static final String PURPOSE = "to test the front door page";

	private static final Duration PATIENCE = Duration.ofSeconds(15);

	private static WebDriver browser;

	@LocalServerPort
	private int port;

	@Autowired
	private TimeSortedIdRegistry registry;

	@Autowired
	private IdResolver resolver;

	private HttpApi api;

	@BeforeAll
	static void startChromium() {
		// each test is skipped by the assumption in openThePage when there is no browser
		browser = HeadlessChromium.start(PURPOSE);
	}

	@AfterAll
	static void stopChromium() {
		if (browser != null) {
			browser.quit();
			browser = null;
		}
	}

	@BeforeEach
	void openThePage() {
		assumeTrue(browser != null, () -> HeadlessChromium.missing(PURPOSE));
		this.api = new HttpApi(this.port);
		browser.get("http://localhost:" + this.port + "/");
		// the page has loaded the ID types and the first page of posts
		waitFor(driver -> !byTestId("mint-buttons").findElements(By.tagName("button")).isEmpty()
				&& byTestId("posts").getDomAttribute("data-version") != null);
	}

	@Test
	void mintsAnIdOfEveryTypeTheAppHas() {
		List<IdField> identifiers = this.registry.fields()
			.stream()
			.filter(field -> field.isIdentifier() && !field.format().prefix().isEmpty())
			.toList();
		List<WebElement> buttons = byTestId("mint-buttons").findElements(By.tagName("button"));
		assertThat(buttons).extracting(button -> button.getDomAttribute("data-testid"))
			.containsExactlyInAnyOrderElementsOf(identifiers.stream().map(field -> "mint-" + field.format().prefix()).toList());
		for (IdField field : identifiers) {
			String previous = byTestId("minted-id").getText();
			byTestId("mint-" + field.format().prefix()).click();
			String id = waitFor(driver -> {
				String shown = byTestId("minted-id").getText();
				return (!shown.isEmpty() && !shown.equals(previous)) ? shown : null;
			});
			assertThat(byTestId("minted-type").getText()).isEqualTo(field.entityName());
			// the app's own resolver takes it for an ID of that type, in that type's format
			ParsedId parsed = this.resolver.parse(id);
			assertThat(parsed.field()).isSameAs(field);
			assertThat(id).hasSize(field.format().length());
			field.format().validate(id);
		}
	}

	@Test
	void describesAMintedIdAndDrawsItsBitLayout() {
		byTestId("mint-post").click();
		String id = waitFor(driver -> byTestId("minted-id").getText().isEmpty() ? null : byTestId("minted-id").getText());
		byTestId("minted-describe").click();
		waitForDescriptionOf(id);
		assertThat(byTestId("describe-input").getDomProperty("value")).isEqualTo(id);

		ParsedId parsed = this.resolver.parse(id);
		assertThat(byTestId("described-type").getText()).isEqualTo("Post");
		assertThat(byTestId("described-prefix").getText()).isEqualTo("post");
		assertThat(byTestId("described-algorithm").getText()).isEqualTo("uuidv7");
		assertThat(byTestId("described-created-at").getText()).isEqualTo(parsed.createdAt().orElseThrow().toString());
		assertLayout(parsed, List.of("unix_ts_ms", "ver", "rand_a", "var", "rand_b"), List.of(48, 4, 12, 2, 62));
	}

	@Test
	void describesAPastedSessionTokenAsRandomBitsWithoutTime() {
		String account = this.api.post("/accounts", "{\"name\": \"Grace\"}").text("id");
		String token = this.api.post("/sessions", "{\"accountId\": \"" + account + "\"}").text("token");
		describe(token);
		waitForDescriptionOf(token);

		assertThat(byTestId("described-type").getText()).isEqualTo("Session");
		assertThat(byTestId("described-algorithm").getText()).isEqualTo("random");
		assertThat(byTestId("described-created-at").getText()).isEqualTo("none: random IDs carry no time");
		assertLayout(this.resolver.parse(token), List.of("random"), List.of(128));
	}

	@Test
	void showsTheProblemDetailForGarbage() {
		describe("post_01m80m8fdeefn8sbsertbdp6n0");
		waitForDescriptionOf("post_01m80m8fdeefn8sbsertbdp6n0");
		for (String garbage : List.of("post_garbage", "hello world", "nope_01m80m8fdeefn8sbsertbdp6n0")) {
			describe(garbage);
			// the page shows the API's own problem detail
			JsonNode problem = this.api.get("/ids/" + garbage.replace(" ", "%20")).body();
			assertThat(problem.get("status").asInt()).isEqualTo(400);
			String detail = problem.get("detail").asString();
			waitFor(driver -> byTestId("describe-error").isDisplayed()
					&& byTestId("describe-error").getText().equals(detail));
			// and no description of an earlier ID stays next to it
			assertThat(byTestId("description").isDisplayed()).isFalse();
		}
		assertThat(byTestId("describe-error").getText())
			.startsWith("Invalid ID 'nope_01m80m8fdeefn8sbsertbdp6n0': unknown prefix 'nope'");
		describe("");
		waitFor(driver -> byTestId("describe-error").getText().equals("Paste an ID first."));
	}

	@Test
	void publishesAPostThroughTheForm() {
		byTestId("account-name").clear();
		byTestId("account-name").sendKeys("Barbara");
		byTestId("account-submit").click();
		String account = waitFor(driver -> {
			String value = byTestId("post-account").getDomProperty("value");
			return (value != null && value.startsWith("acct_")) ? value : null;
		});
		assertThat(this.api.get("/accounts/" + account).text("name")).isEqualTo("Barbara");

		String version = byTestId("posts").getDomAttribute("data-version");
		byTestId("post-title").sendKeys("From the front door");
		byTestId("post-body").sendKeys("Written in a real browser.");
		byTestId("post-submit").click();
		String id = waitFor(driver -> byTestId("created-post").isDisplayed() ? byTestId("created-post-id").getText() : null);
		waitFor(driver -> !version.equals(byTestId("posts").getDomAttribute("data-version")));

		HttpApi.Response stored = this.api.get("/posts/" + id);
		assertThat(stored.status()).isEqualTo(200);
		assertThat(stored.text("title")).isEqualTo("From the front door");
		assertThat(stored.text("body")).isEqualTo("Written in a real browser.");
		assertThat(stored.text("accountId")).isEqualTo(account);
		// it is the newest post, at the top of the list
		assertThat(postIds().get(0)).isEqualTo(id);
		assertThat(byTestId("posts").findElement(By.cssSelector("[data-testid=post-title]")).getText())
			.isEqualTo("From the front door");

		// a refused post shows the API's problem and creates nothing
		byTestId("post-account").clear();
		byTestId("post-account").sendKeys("acct_01m80m8fdeefn8sbsertbdp6n0");
		byTestId("post-title").sendKeys("Orphan");
		byTestId("post-body").sendKeys("No such account.");
		byTestId("post-submit").click();
		waitFor(driver -> byTestId("post-error").isDisplayed());
		assertThat(byTestId("post-error").getText())
			.isEqualTo("Unprocessable Content: Account acct_01m80m8fdeefn8sbsertbdp6n0 does not exist");
		assertThat(this.api.get("/posts?order=desc&limit=1").body().get(0).get("id").asString()).isEqualTo(id);
	}

	@Test
	void pagesThroughPostsNewerAndOlderWithoutGapsOrRepeats() {
		String account = this.api.post("/accounts", "{\"name\": \"Edsger\"}").text("id");
		for (int i = 0; i < 12; i++) {
			assertThat(this.api.post("/posts", "{\"accountId\": \"" + account + "\", \"title\": \"Page " + i
					+ "\", \"body\": \"b\"}").status()).isEqualTo(201);
		}
		// every post in the database, newest first, as the API lists them
		List<String> all = new ArrayList<>();
		this.api.get("/posts?order=desc&limit=1000").body().forEach(post -> all.add(post.get("id").asString()));
		assertThat(all).hasSizeGreaterThanOrEqualTo(12).isSortedAccordingTo(Collections.reverseOrder());

		byTestId("page-size").clear();
		byTestId("page-size").sendKeys("5");
		clickForPage("newest");
		assertThat(byTestId("newer").isEnabled()).isFalse();
		List<List<String>> olderWalk = new ArrayList<>();
		olderWalk.add(postIds());
		while (byTestId("older").isEnabled()) {
			clickForPage("older");
			olderWalk.add(postIds());
		}
		assertThat(olderWalk).allSatisfy(page -> assertThat(page).hasSizeBetween(1, 5)
			.isSortedAccordingTo(Collections.reverseOrder()));
		assertThat(olderWalk.stream().flatMap(List::stream).toList()).as("older pages, one after another")
			.isEqualTo(all);
		assertThat(olderWalk).hasSize((all.size() + 4) / 5);

		List<List<String>> newerWalk = new ArrayList<>();
		newerWalk.add(postIds());
		while (byTestId("newer").isEnabled()) {
			clickForPage("newer");
			newerWalk.add(postIds());
		}
		Collections.reverse(newerWalk);
		assertThat(newerWalk).as("newer pages, back to the newest").isEqualTo(olderWalk);
		assertThat(byTestId("older").isEnabled()).isTrue();
		Set<String> seen = new HashSet<>();
		newerWalk.stream().flatMap(List::stream).forEach(id -> assertThat(seen.add(id)).as("shown once: " + id).isTrue());
	}

	private void assertLayout(ParsedId parsed, List<String> names, List<Integer> bits) {
		List<WebElement> boxes = byTestId("layout").findElements(By.cssSelector("[data-testid=segment]"));
		assertThat(boxes).extracting(box -> box.getDomAttribute("data-name")).containsExactlyElementsOf(names);
		assertThat(boxes).extracting(box -> Integer.valueOf(box.getDomAttribute("data-bits"))).containsExactlyElementsOf(bits);
		// drawn to scale: each box's width is its share of the body's bits
		int total = bits.stream().mapToInt(Integer::intValue).sum();
		assertThat(byTestId("layout-total").getText()).isEqualTo(Integer.toString(total));
		double width = byTestId("layout").getRect().getWidth();
		for (int i = 0; i < boxes.size(); i++) {
			assertThat((double) boxes.get(i).getRect().getWidth()).as(names.get(i))
				.isCloseTo(width * bits.get(i) / total, within(1.5));
		}
		List<WebElement> rows = byTestId("segment-rows").findElements(By.cssSelector("[data-testid=segment-row]"));
		assertThat(rows).extracting(row -> row.getDomAttribute("data-name")).containsExactlyElementsOf(names);
		List<IdSegment> segments = parsed.segments();
		for (int i = 0; i < rows.size(); i++) {
			IdSegment segment = segments.get(i);
			String value = rows.get(i).findElement(By.cssSelector("[data-testid=segment-value]")).getText();
			assertThat(value).isEqualTo(segment.value() + ((segment.instant() != null) ? " = " + segment.instant() : ""));
		}
	}

	private void describe(String id) {
		byTestId("describe-input").clear();
		byTestId("describe-input").sendKeys(id);
		byTestId("describe-submit").click();
	}

	private void waitForDescriptionOf(String id) {
		waitFor(driver -> byTestId("description").isDisplayed() && id.equals(byTestId("description").getDomAttribute("data-id")));
	}

	private void clickForPage(String button) {
		String version = byTestId("posts").getDomAttribute("data-version");
		byTestId(button).click();
		waitFor(driver -> !String.valueOf(version).equals(byTestId("posts").getDomAttribute("data-version")));
	}

	private List<String> postIds() {
		return byTestId("posts").findElements(By.cssSelector("[data-testid=post]"))
			.stream()
			.map(post -> post.getDomAttribute("data-id"))
			.toList();
	}

	private static WebElement byTestId(String testId) {
		return browser.findElement(By.cssSelector("[data-testid=\"" + testId + "\"]"));
	}

	private static <T> T waitFor(Function<WebDriver, T> condition) {
		return new WebDriverWait(browser, PATIENCE).until(condition);
	}

}
