package io.github.timesortedid.sample;

import java.time.Instant;

import io.github.timesortedid.id.TypeId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** Boots the sample app on a random port and drives each endpoint over HTTP. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SampleApplicationTests {

	@LocalServerPort
	private int port;

	private HttpApi api;

	@BeforeEach
	void client() {
		this.api = new HttpApi(this.port);
	}

	private String newAccount(String name) {
		return this.api.post("/accounts", "{\"name\": \"" + name + "\"}").text("id");
	}

	@Test
	void createAnAccount() {
		Instant before = Instant.now().minusMillis(1);
		HttpApi.Response response = this.api.post("/accounts", "{\"name\": \"Ada\"}");
		assertThat(response.status()).isEqualTo(201);
		String id = response.text("id");
		assertThat(id).matches("acct_[0-7][0-9a-hjkmnp-tv-z]{25}");
		assertThat(TypeId.parse(id).uuid().version()).isEqualTo(7);
		assertThat(response.location()).isEqualTo("/accounts/" + id);
		assertThat(response.text("name")).isEqualTo("Ada");
		// createdAt is read from the ID itself
		assertThat(Instant.parse(response.text("createdAt"))).isBetween(before, Instant.now().plusMillis(1));
		assertThat(this.api.get("/accounts/" + id).text("name")).isEqualTo("Ada");
	}

	@Test
	void createAndReadAPost() {
		String account = newAccount("Grace");
		HttpApi.Response created = this.api.post("/posts",
				"{\"accountId\": \"" + account + "\", \"title\": \"Hello\", \"body\": \"First post\"}");
		assertThat(created.status()).isEqualTo(201);
		String id = created.text("id");
		assertThat(id).startsWith("post_").hasSize(31);
		assertThat(created.location()).isEqualTo("/posts/" + id);
		assertThat(created.text("accountId")).isEqualTo(account);
		HttpApi.Response read = this.api.get("/posts/" + id);
		assertThat(read.status()).isEqualTo(200);
		assertThat(read.text("title")).isEqualTo("Hello");
		assertThat(read.text("body")).isEqualTo("First post");
		assertThat(read.text("createdAt")).isEqualTo(created.text("createdAt"));
		assertThat(id).isGreaterThan(account.replace("acct_", "post_"));
	}

	@Test
	void unknownMalformedAndForeignPostIdsAreProblems() {
		HttpApi.Response missing = this.api.get("/posts/post_01m80m8fdeefn8sbsertbdp6n0");
		assertThat(missing.status()).isEqualTo(404);
		assertThat(missing.contentType()).startsWith("application/problem+json");
		assertThat(missing.text("detail")).isEqualTo("Post post_01m80m8fdeefn8sbsertbdp6n0 does not exist");

		HttpApi.Response malformed = this.api.get("/posts/post_nonsense");
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.contentType()).startsWith("application/problem+json");
		assertThat(malformed.text("parameter")).isEqualTo("id");
		assertThat(malformed.text("detail")).contains("a uuidv7 body has 26 characters, not 8");

		HttpApi.Response foreign = this.api.get("/posts/" + newAccount("Linus"));
		assertThat(foreign.status()).isEqualTo(400);
		assertThat(foreign.text("detail")).contains("expected an ID starting with 'post_'");

		// the article follows the name: "an AccountId", not "a AccountId"
		HttpApi.Response postAsAccount = this.api.get("/accounts/post_01m80m8fdeefn8sbsertbdp6n0");
		assertThat(postAsAccount.status()).isEqualTo(400);
		assertThat(postAsAccount.text("detail"))
			.contains("not an AccountId: expected an ID starting with 'acct_'")
			.doesNotContain("a AccountId");
	}

	@Test
	void badPostBodiesAreProblems() {
		HttpApi.Response blank = this.api.post("/posts", "{\"accountId\": \"\", \"title\": \"t\", \"body\": \"b\"}");
		assertThat(blank.status()).isEqualTo(400);
		assertThat(blank.contentType()).startsWith("application/problem+json");
		HttpApi.Response wrongType = this.api.post("/posts",
				"{\"accountId\": \"post_01m80m8fdeefn8sbsertbdp6n0\", \"title\": \"t\", \"body\": \"b\"}");
		assertThat(wrongType.status()).isEqualTo(400);
		assertThat(wrongType.text("parameter")).isEqualTo("accountId");
		HttpApi.Response noSuchAccount = this.api.post("/posts",
				"{\"accountId\": \"acct_01m80m8fdeefn8sbsertbdp6n0\", \"title\": \"t\", \"body\": \"b\"}");
		assertThat(noSuchAccount.status()).isEqualTo(422);
		assertThat(noSuchAccount.text("detail")).isEqualTo("Account acct_01m80m8fdeefn8sbsertbdp6n0 does not exist");
		HttpApi.Response notJson = this.api.post("/posts", "{not json");
		assertThat(notJson.status()).isEqualTo(400);
		assertThat(notJson.contentType()).startsWith("application/problem+json");
	}

	@Test
	void sessionTokensAreRandomNotTimeOrdered() {
		String account = newAccount("Barbara");
		HttpApi.Response first = this.api.post("/sessions", "{\"accountId\": \"" + account + "\"}");
		HttpApi.Response second = this.api.post("/sessions", "{\"accountId\": \"" + account + "\"}");
		assertThat(first.status()).isEqualTo(201);
		assertThat(first.text("token")).matches("sess_[0-9A-Za-z]{22}");
		assertThat(first.text("accountId")).isEqualTo(account);
		assertThat(second.text("token")).isNotEqualTo(first.text("token"));
		assertThat(this.api.post("/sessions", "{\"accountId\": \"acct_01m80m8fdeefn8sbsertbdp6n0\"}").status())
			.isEqualTo(422);
	}

	@Test
	void postsMadeLaterHaveLargerIds() throws InterruptedException {
		String account = newAccount("Edsger");
		String earlier = this.api.post("/posts", "{\"accountId\": \"" + account + "\", \"title\": \"a\", \"body\": \"b\"}").text("id");
		Thread.sleep(2);
		String later = this.api.post("/posts", "{\"accountId\": \"" + account + "\", \"title\": \"c\", \"body\": \"d\"}").text("id");
		assertThat(later).isGreaterThan(earlier);
	}

}
