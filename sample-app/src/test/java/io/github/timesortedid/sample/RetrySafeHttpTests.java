package io.github.timesortedid.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** A client chooses the ID, then may PUT as often as it likes: one row, never two. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RetrySafeHttpTests {

	@LocalServerPort
	private int port;

	@Autowired
	private PostRepository posts;

	private HttpApi api;

	private String account;

	@BeforeEach
	void setUp() {
		this.api = new HttpApi(this.port);
		this.account = this.api.post("/accounts", "{\"name\": \"Ada\"}").text("id");
	}

	private String body(String title) {
		return "{\"accountId\": \"" + this.account + "\", \"title\": \"" + title + "\", \"body\": \"Text\"}";
	}

	@Test
	void newIdsAreFreshAndStoreNothing() {
		HttpApi.Response first = this.api.get("/ids/new?type=post");
		HttpApi.Response second = this.api.get("/ids/new?type=post");
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.text("id")).matches("post_[0-7][0-9a-hjkmnp-tv-z]{25}");
		assertThat(second.text("id")).isGreaterThan(first.text("id"));
		assertThat(this.posts.existsById(new PostId(first.text("id")))).isFalse();
		assertThat(this.api.get("/ids/new?type=acct").text("id")).startsWith("acct_");
		HttpApi.Response unknown = this.api.get("/ids/new?type=pots");
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.contentType()).startsWith("application/problem+json");
		assertThat(unknown.text("parameter")).isEqualTo("type");
		assertThat(unknown.text("detail")).isEqualTo("Unknown ID prefix 'pots'; known prefixes are acct, post, sess");
	}

	@Test
	void putCreatesThenAnIdenticalReplayAnswersTheSameRepresentation() {
		String id = this.api.get("/ids/new?type=post").text("id");
		HttpApi.Response created = this.api.put("/posts/" + id, body("Hello"));
		assertThat(created.status()).isEqualTo(201);
		assertThat(created.location()).isEqualTo("/posts/" + id);
		HttpApi.Response replayed = this.api.put("/posts/" + id, body("Hello"));
		assertThat(replayed.status()).isEqualTo(200);
		assertThat(replayed.body()).isEqualTo(created.body());
		assertThat(this.api.get("/posts/" + id).body()).isEqualTo(created.body());
	}

	@Test
	void aPutWithOtherDataIsA409NamingTheFields() {
		String id = this.api.get("/ids/new?type=post").text("id");
		this.api.put("/posts/" + id, body("Hello"));
		HttpApi.Response conflict = this.api.put("/posts/" + id, body("Goodbye"));
		assertThat(conflict.status()).isEqualTo(409);
		assertThat(conflict.contentType()).startsWith("application/problem+json");
		assertThat(conflict.text("detail")).isEqualTo("Post " + id + " already exists with different title");
		assertThat(conflict.body().get("differingFields").get(0).asString()).isEqualTo("title");
		String other = this.api.post("/accounts", "{\"name\": \"Grace\"}").text("id");
		HttpApi.Response moved = this.api.put("/posts/" + id,
				"{\"accountId\": \"" + other + "\", \"title\": \"Hello\", \"body\": \"Text\"}");
		assertThat(moved.status()).isEqualTo(409);
		assertThat(moved.text("detail")).endsWith("different accountId");
	}

	@Test
	void malformedAndForeignIdsAre400() {
		HttpApi.Response malformed = this.api.put("/posts/post_123", body("x"));
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.contentType()).startsWith("application/problem+json");
		assertThat(malformed.text("parameter")).isEqualTo("id");
		HttpApi.Response foreign = this.api.put("/posts/" + this.account, body("x"));
		assertThat(foreign.status()).isEqualTo(400);
		assertThat(foreign.text("detail")).contains("expected an ID starting with 'post_'");
	}

	@Test
	void twentyIdenticalPutsAtOnceGiveOne201AndOneRow() throws Exception {
		String id = this.api.get("/ids/new?type=post").text("id");
		ExecutorService clients = Executors.newFixedThreadPool(20);
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<HttpApi.Response>> responses = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				responses.add(clients.submit(() -> {
					go.await();
					return this.api.put("/posts/" + id, body("Concurrent"));
				}));
			}
			go.countDown();
			List<Integer> statuses = new ArrayList<>();
			for (Future<HttpApi.Response> response : responses) {
				statuses.add(response.get().status());
			}
			assertThat(statuses).filteredOn(status -> status == 201).hasSize(1);
			assertThat(statuses).filteredOn(status -> status == 200).hasSize(19);
			assertThat(this.posts.findAll().stream().filter(post -> post.getId().value().equals(id))).hasSize(1);
		}
		finally {
			clients.shutdownNow();
		}
	}

}
