package io.github.timesortedid.sample;

import io.github.timesortedid.query.IdResolver;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Long} snowflake IDs over HTTP for a JavaScript client: written as JSON strings with every
 * digit (they are above 2^53), read from a string or a number, and a string that is not a number
 * is a 400 problem naming the field.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CommentJsonHttpTests {

	/** The largest integer up to which every integer is exact in a JavaScript number. */
	private static final long MAX_SAFE_INTEGER = (1L << 53) - 1;

	@LocalServerPort
	private int port;

	@Autowired
	private IdResolver ids;

	private HttpApi api;

	private String post;

	@BeforeEach
	void aPost() {
		this.api = new HttpApi(this.port);
		String account = this.api.post("/accounts", "{\"name\": \"Ada\"}").text("id");
		this.post = this.api.post("/posts", "{\"accountId\": \"" + account + "\", \"title\": \"Hello\", \"body\": \"First\"}")
			.text("id");
	}

	@Test
	void aCommentsIdIsAStringWithEveryDigit() {
		HttpApi.Response created = this.api.post("/posts/" + this.post + "/comments", "{\"text\": \"Nice\"}");
		assertThat(created.status()).isEqualTo(201);
		assertThat(created.body().get("id").isString()).isTrue();
		String id = created.text("id");
		assertThat(id).matches("[0-9]{19}");
		assertThat(Long.parseLong(id)).isGreaterThan(MAX_SAFE_INTEGER);
		assertThat(created.location()).isEqualTo("/comments/" + id);
		// the digits the client got are the row's key: reading by them finds the row, and they come back unchanged
		HttpApi.Response read = this.api.get("/comments/" + id);
		assertThat(read.status()).isEqualTo(200);
		assertThat(read.text("id")).isEqualTo(id);
		assertThat(read.text("postId")).isEqualTo(this.post);
		assertThat(read.body().get("replyTo").isNull()).isTrue();
		assertThat(this.ids.parse(id).entityName()).isEqualTo("Comment");
	}

	@Test
	void aReplyNamesItsCommentAsAStringOrAsANumber() {
		String first = this.api.post("/posts/" + this.post + "/comments", "{\"text\": \"First\"}").text("id");
		HttpApi.Response asString = this.api.post("/posts/" + this.post + "/comments",
				"{\"text\": \"Agreed\", \"replyTo\": \"" + first + "\"}");
		assertThat(asString.status()).isEqualTo(201);
		assertThat(asString.body().get("replyTo").isString()).isTrue();
		assertThat(asString.text("replyTo")).isEqualTo(first);
		HttpApi.Response asNumber = this.api.post("/posts/" + this.post + "/comments",
				"{\"text\": \"Agreed too\", \"replyTo\": " + first + "}");
		assertThat(asNumber.status()).isEqualTo(201);
		assertThat(asNumber.text("replyTo")).isEqualTo(first);
	}

	@Test
	void aReplyToSomethingThatIsNoNumberIsA400NamingTheField() {
		HttpApi.Response response = this.api.post("/posts/" + this.post + "/comments",
				"{\"text\": \"Hm\", \"replyTo\": \"" + this.post + "\"}");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.contentType()).startsWith("application/problem+json");
		assertThat(response.text("parameter")).isEqualTo("replyTo");
		assertThat(response.text("detail")).contains(this.post);
	}

	@Test
	void aReplyToAMissingCommentIsA422AndAPathThatIsNoNumberA400() {
		// a JavaScript number would have made it 2124591150973530368: the string keeps every digit
		assertThat((long) (double) 2124591150973530270L).isNotEqualTo(2124591150973530270L);
		HttpApi.Response missing = this.api.post("/posts/" + this.post + "/comments",
				"{\"text\": \"Hm\", \"replyTo\": \"2124591150973530270\"}");
		assertThat(missing.status()).isEqualTo(422);
		assertThat(missing.text("parameter")).isEqualTo("replyTo");
		assertThat(missing.text("detail")).isEqualTo("Comment 2124591150973530270 does not exist");
		HttpApi.Response notANumber = this.api.get("/comments/" + this.post);
		assertThat(notANumber.status()).isEqualTo(400);
		assertThat(notANumber.text("parameter")).isEqualTo("id");
	}

}
