package io.github.timesortedid.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.query.IdResolver;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** What the front door page reads over HTTP: the ID types, an ID's bit layout, and the page itself at {@code /}. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class IdLayoutHttpTests {

	@LocalServerPort
	private int port;

	@Autowired
	private IdResolver resolver;

	private HttpApi api;

	@BeforeEach
	void client() {
		this.api = new HttpApi(this.port);
	}

	@Test
	void theIdTypesAreEachEntitysIdentifierWithItsPrefixAlgorithmAndLength() {
		HttpApi.Response types = this.api.get("/ids/types");
		assertThat(types.status()).isEqualTo(200);
		assertThat(types.body().toString()).isEqualTo("[{\"type\":\"Account\",\"prefix\":\"acct\",\"algorithm\":\"uuidv7\",\"length\":31},"
				+ "{\"type\":\"Post\",\"prefix\":\"post\",\"algorithm\":\"uuidv7\",\"length\":31},"
				+ "{\"type\":\"Session\",\"prefix\":\"sess\",\"algorithm\":\"random\",\"length\":27}]");
	}

	@Test
	void describingAnIdGivesTheBitLayoutOfItsBody() {
		String id = this.api.get("/ids/new?type=post").text("id");
		HttpApi.Response described = this.api.get("/ids/" + id);
		assertThat(described.status()).isEqualTo(200);
		JsonNode segments = described.body().get("segments");
		assertThat(fields(segments)).containsExactly("unix_ts_ms:0:48:TIME", "ver:48:4:FIXED", "rand_a:52:12:RANDOM",
				"var:64:2:FIXED", "rand_b:66:62:RANDOM");
		// the time field is the creation instant the description gives, and every value is the library's own
		assertThat(segments.get(0).get("instant").asString()).isEqualTo(described.text("createdAt"));
		assertThat(segments.get(1).get("value").asString()).isEqualTo("0111");
		ParsedId parsed = this.resolver.parse(id);
		List<String> values = new ArrayList<>();
		segments.forEach(segment -> values.add(segment.get("value").asString()));
		assertThat(values).containsExactlyElementsOf(parsed.segments().stream().map(IdSegment::value).toList());
	}

	@Test
	void aSessionTokenIsOneRandomFieldWithoutTime() {
		String account = this.api.post("/accounts", "{\"name\": \"Ada\"}").text("id");
		String token = this.api.post("/sessions", "{\"accountId\": \"" + account + "\"}").text("token");
		JsonNode segments = this.api.get("/ids/" + token).body().get("segments");
		assertThat(fields(segments)).containsExactly("random:0:128:RANDOM");
		assertThat(segments.get(0).get("value").asString()).matches("[0-9a-f]{32}");
		assertThat(segments.get(0).get("instant").isNull()).isTrue();
	}

	@Test
	void theFrontDoorIsServedAtTheRoot() throws IOException, InterruptedException {
		HttpClient client = HttpClient.newHttpClient();
		for (String path : List.of("/", "/app.js", "/app.css")) {
			HttpResponse<String> response = client.send(
					HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(path).isEqualTo(200);
		}
		HttpResponse<String> page = client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
		assertThat(page.body()).contains("<title>time-sorted-id sample app</title>", "data-testid=\"describe-form\"",
				"<script src=\"app.js\" defer></script>");
	}

	private static List<String> fields(JsonNode segments) {
		List<String> fields = new ArrayList<>();
		segments.forEach(segment -> fields.add(segment.get("name").asString() + ":" + segment.get("bitOffset").asInt()
				+ ":" + segment.get("bitLength").asInt() + ":" + segment.get("kind").asString()));
		return fields;
	}

}
