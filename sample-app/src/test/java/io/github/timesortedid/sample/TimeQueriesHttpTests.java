package io.github.timesortedid.sample;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Time ranges, keyset pages and "what is this ID", over HTTP, with the clock under test control. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(TimeQueriesHttpTests.TestClock.class)
class TimeQueriesHttpTests {

	@LocalServerPort
	private int port;

	@Autowired
	private SettableClock clock;

	private HttpApi api;

	@BeforeEach
	void client() {
		this.api = new HttpApi(this.port);
	}

	private String postAt(String account, String instant, String title) {
		this.clock.set(Instant.parse(instant));
		return this.api.post("/posts", "{\"accountId\": \"" + account + "\", \"title\": \"" + title + "\", \"body\": \"b\"}")
			.text("id");
	}

	private List<String> titles(HttpApi.Response response) {
		assertThat(response.status()).as(String.valueOf(response.body())).isEqualTo(200);
		List<String> titles = new ArrayList<>();
		for (JsonNode post : response.body()) {
			titles.add(post.get("title").asString());
		}
		return titles;
	}

	@Test
	void rangesPagesAndDescriptionsOverHttp() {
		this.clock.set(Instant.parse("2030-01-01T00:00:00Z"));
		String account = this.api.post("/accounts", "{\"name\": \"Ada\"}").text("id");
		String a = postAt(account, "2030-02-01T00:00:00Z", "a");
		String b = postAt(account, "2030-02-05T12:00:00Z", "b");
		String c = postAt(account, "2030-02-15T00:00:00Z", "c");
		postAt(account, "2030-02-20T00:00:00Z", "d");

		assertThat(titles(this.api.get("/posts?from=2030-02-01T00:00:00Z&to=2030-02-15T00:00:00Z"))).containsExactly("a", "b");
		assertThat(titles(this.api.get("/posts?from=2030-02-05T12:00:00Z"))).containsExactly("b", "c", "d");
		assertThat(titles(this.api.get("/posts?to=2030-02-05T12:00:00.001Z"))).containsExactly("a", "b");

		assertThat(titles(this.api.get("/posts?limit=2"))).containsExactly("a", "b");
		assertThat(titles(this.api.get("/posts?limit=2&after=" + b))).containsExactly("c", "d");
		assertThat(titles(this.api.get("/posts?limit=2&order=desc"))).containsExactly("d", "c");
		assertThat(titles(this.api.get("/posts?limit=5&before=" + c + "&order=desc"))).containsExactly("b", "a");

		HttpApi.Response described = this.api.get("/ids/" + a);
		assertThat(described.status()).isEqualTo(200);
		assertThat(described.text("id")).isEqualTo(a);
		assertThat(described.text("type")).isEqualTo("Post");
		assertThat(described.text("prefix")).isEqualTo("post");
		assertThat(described.text("algorithm")).isEqualTo("uuidv7");
		assertThat(described.text("createdAt")).isEqualTo("2030-02-01T00:00:00Z");
		String token = this.api.post("/sessions", "{\"accountId\": \"" + account + "\"}").text("token");
		HttpApi.Response session = this.api.get("/ids/" + token);
		assertThat(session.text("type")).isEqualTo("Session");
		assertThat(session.text("algorithm")).isEqualTo("random");
		assertThat(session.body().has("createdAt")).isFalse();
		assertThat(this.api.get("/ids/" + account).text("type")).isEqualTo("Account");
	}

	@Test
	void everyBadParameterIsA400ProblemNamingIt() {
		assertBad("/posts?from=yesterday", "from", "yesterday");
		assertBad("/posts?from=2030-02-02T00:00:00Z&to=2030-02-01T00:00:00Z", "from", "must be before to");
		assertBad("/posts?limit=0", "limit", "limit is between 1 and 1000, not 0");
		assertBad("/posts?limit=ten", "limit", "ten");
		assertBad("/posts?after=acct_01m80m8fdeefn8sbsertbdp6n0", "after", "expected an ID starting with 'post_'");
		assertBad("/posts?after=post_01m80", "after", "a uuidv7 body has 26 characters, not 5");
		assertBad("/posts?order=sideways", "order", "order is asc or desc, not 'sideways'");
		assertBad("/posts?before=post_01m80m8fdeefn8sbsertbdp6n0", "before", "add order=desc");
		assertBad("/posts?from=2030-02-01T00:00:00Z&limit=3", "from", "do not combine");
		assertBad("/ids/nope_01m80m8fdeefn8sbsertbdp6n0", "id", "unknown prefix 'nope'");
		assertBad("/ids/post_x", "id", "a uuidv7 body has 26 characters, not 1");
		assertBad("/posts/" + "p".repeat(300), "id", "expected an ID starting with 'post_'");
	}

	private void assertBad(String path, String parameter, String reason) {
		HttpApi.Response response = this.api.get(path);
		assertThat(response.status()).as(path).isEqualTo(400);
		assertThat(response.contentType()).as(path).startsWith("application/problem+json");
		assertThat(response.text("parameter")).as(path).isEqualTo(parameter);
		assertThat(response.text("detail")).as(path).contains(reason);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class TestClock {

		@Bean
		SettableClock clock() {
			return new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
		}

	}

}
