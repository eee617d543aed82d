package io.github.timesortedid.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import static org.assertj.core.api.Assertions.fail;

/**
 * Debian's Chromium, headless, driven through its ChromeDriver, for the tests that look at pages in
 * a real browser (the sample app's front door, the reference guide). The packages {@code chromium}
 * and {@code chromium-driver} are installed by {@code .ci/run}; without them the tests are skipped,
 * unless {@code TIME_SORTED_ID_REQUIRE_BROWSER=true} (as on CI) makes their absence a failure.
 */
public final class HeadlessChromium {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private HeadlessChromium() {
	}

	/**
	 * Starts the browser.
	 * @param purpose what the browser is for, for the message when it is missing
	 * @param arguments Chromium command-line switches beyond headless, no sandbox and the window size
	 * @return the browser, or {@code null} if it is not installed and not required
	 */
	public static @Nullable WebDriver start(String purpose, String... arguments) {
		if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
			if ("true".equals(System.getenv("TIME_SORTED_ID_REQUIRE_BROWSER"))) {
				fail(missing(purpose) + ". TIME_SORTED_ID_REQUIRE_BROWSER=true makes their absence a failure.");
			}
			return null;
		}
		// both paths given, so that Selenium Manager never looks for (or downloads) a browser or driver
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1024");
		options.addArguments(arguments);
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
		return new ChromeDriver(service, options);
	}

	/**
	 * Says what is missing, for a test's assumption when {@link #start} gave no browser.
	 * @param purpose what the browser is for
	 * @return the message
	 */
	public static String missing(String purpose) {
		return "Chromium (" + CHROMIUM + ") and its driver (" + CHROMEDRIVER + ") are needed " + purpose
				+ "; install them with 'sudo apt-get install chromium chromium-driver' (Debian packages; .ci/run "
				+ "installs them). Skipped; TIME_SORTED_ID_REQUIRE_BROWSER=true makes this a failure";
	}

}
