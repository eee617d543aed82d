package io.github.timesortedid.sample;

import java.util.regex.Pattern;

import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.query.IdResolver;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document springdoc serves at {@code /v3/api-docs}, fetched over HTTP: each typed ID is
 * a string with the exact pattern, length and a valid example of its format, used by bodies and by
 * path and query parameters; the {@code Long} IDs written as strings are strings.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OpenApiHttpTests {

	@LocalServerPort
	private int port;

	@Autowired
	private IdResolver ids;

	private JsonNode document;

	@BeforeEach
	void fetch() {
		HttpApi.Response response = new HttpApi(this.port).get("/v3/api-docs");
		assertThat(response.status()).isEqualTo(200);
		this.document = response.body();
	}

	private JsonNode schema(String name) {
		return this.document.get("components").get("schemas").get(name);
	}

	@Test
	void typedIdsAreStringsWithTheirFormatsPatternLengthAndAValidExample() {
		assertTypedId("PostId", "Post", "^post_[0-9a-hjkmnp-tv-z]{26}$", 31);
		assertTypedId("AccountId", "Account", "^acct_[0-9a-hjkmnp-tv-z]{26}$", 31);
		// sessions are random tokens (application.yml): 128 bits in base62
		assertTypedId("SessionId", "Session", "^sess_[0-9A-Za-z]{22}$", 27);
	}

	private void assertTypedId(String name, String entity, String pattern, int length) {
		JsonNode schema = schema(name);
		assertThat(schema.get("type").asString()).isEqualTo("string");
		assertThat(schema.get("pattern").asString()).isEqualTo(pattern);
		assertThat(schema.get("minLength").asInt()).isEqualTo(length);
		assertThat(schema.get("maxLength").asInt()).isEqualTo(length);
		String example = schema.get("example").asString();
		assertThat(Pattern.compile(pattern).matcher(example).find()).isTrue();
		ParsedId parsed = this.ids.parse(example);
		assertThat(parsed.entityName()).isEqualTo(entity);
		assertThat(parsed.id()).isEqualTo(example);
	}

	@Test
	void pathAndQueryParametersAndBodiesReferToTheTypedIds() {
		JsonNode get = this.document.get("paths").get("/posts/{id}").get("get");
		assertThat(parameter(get, "id", "path").get("schema").get("$ref").asString())
			.isEqualTo("#/components/schemas/PostId");
		JsonNode list = this.document.get("paths").get("/posts").get("get");
		assertThat(parameter(list, "after", "query").get("schema").get("$ref").asString())
			.isEqualTo("#/components/schemas/PostId");
		assertThat(schema("CreatePost").get("properties").get("accountId").get("$ref").asString())
			.isEqualTo("#/components/schemas/AccountId");
		assertThat(schema("PostView").get("properties").get("id").get("$ref").asString())
			.isEqualTo("#/components/schemas/PostId");
	}

	@Test
	void longIdsWrittenAsStringsAreStrings() {
		JsonNode comment = schema("CommentView").get("properties");
		assertThat(comment.get("id").get("type").asString()).isEqualTo("string");
		assertThat(comment.get("replyTo").get("type").asString()).isEqualTo("string");
		assertThat(comment.get("postId").get("$ref").asString()).isEqualTo("#/components/schemas/PostId");
	}

	private static JsonNode parameter(JsonNode operation, String name, String in) {
		for (JsonNode parameter : operation.get("parameters")) {
			if (parameter.get("name").asString().equals(name) && parameter.get("in").asString().equals(in)) {
				return parameter;
			}
		}
		throw new AssertionError("no " + in + " parameter " + name + " in " + operation);
	}

}
