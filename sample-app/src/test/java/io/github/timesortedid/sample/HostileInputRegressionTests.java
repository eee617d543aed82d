package io.github.timesortedid.sample;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests found by {@link HostileInputProperties} that broke the error contract: they were refused
 * with a 400, but as Tomcat's HTML page or Spring Boot's plain-JSON error instead of a problem.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HostileInputRegressionTests {

	@LocalServerPort
	private int port;

	private HttpApi api;

	@BeforeEach
	void client() {
		this.api = new HttpApi(this.port);
	}

	/** Tomcat reads the query string only when a parameter is first asked for, inside the controller call. */
	@Test
	void aQueryStringTomcatCannotReadIsA400ProblemNamingTheQuery() {
		for (String path : List.of("/posts?=5", "/posts?&&&=&", "/posts?limit=%FF", "/ids/new?%C0%AF=post")) {
			HttpApi.Response response = this.api.get(path);
			assertThat(response.status()).as(path).isEqualTo(400);
			assertThat(response.contentType()).as(path).startsWith("application/problem+json");
			assertThat(response.text("parameter")).as(path).isEqualTo("query");
			assertThat(response.text("detail")).as(path).startsWith("the query string cannot be read: ");
		}
	}

	/** These never reach a servlet: Tomcat refuses them while parsing the request. */
	@Test
	void aPathTomcatRefusesIsA400ProblemNotAnHtmlPage() {
		for (String path : List.of("/posts/%00", "/posts/post_a%2Fb", "/ids/post_a%5Cb", "/accounts/%C0%AF",
				"/posts/" + "p".repeat(9_000))) {
			HttpApi.Response response = this.api.get(path);
			String shown = path.substring(0, Math.min(path.length(), 40));
			assertThat(response.status()).as(shown).isEqualTo(400);
			assertThat(response.contentType()).as(shown).startsWith("application/problem+json");
			assertThat(response.body().get("status").asInt()).as(shown).isEqualTo(400);
			assertThat(response.text("title")).as(shown).isEqualTo("Bad Request");
			assertThat(response.text("detail")).as(shown).startsWith("The server refused the request before the application saw it");
		}
	}

	/**
	 * A property named twice: Jackson 3.0 (Spring Boot 4.0) failed on records with an error Spring
	 * answered with a 500 (jackson-databind 4690); Jackson 3.1 silently kept the last value.
	 */
	@Test
	void aJsonBodyNamingAPropertyTwiceIsA400ProblemOnBothSpringBootLines() {
		HttpApi.Response response = this.api.post("/accounts", "{\"name\": \"a\", \"name\": \"b\"}");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.contentType()).startsWith("application/problem+json");
	}

}
