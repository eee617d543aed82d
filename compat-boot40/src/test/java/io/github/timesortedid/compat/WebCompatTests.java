package io.github.timesortedid.compat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.github.timesortedid.compat.app.CompatApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Typed IDs over HTTP on Spring MVC and Jackson 3 of the older line: the path-variable converter
 * and the Jackson module that the auto-configuration registers.
 */
@SpringBootTest(classes = CompatApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WebCompatTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient client = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Test
	void typedIdsAreStringsInJsonAndPathVariables() throws Exception {
		HttpResponse<String> created = post("/tickets", "{\"subject\": \"Printer\"}");
		assertThat(created.statusCode()).isEqualTo(200);
		JsonNode ticket = json.readTree(created.body());
		String id = ticket.get("id").asString();
		assertThat(id).matches("tkt_[0-7][0-9a-hjkmnp-tv-z]{25}");

		HttpResponse<String> found = get("/tickets/" + id);
		assertThat(found.statusCode()).isEqualTo(200);
		assertThat(json.readTree(found.body()).get("subject").asString()).isEqualTo("Printer");

		HttpResponse<String> echoed = post("/tickets/echo", "{\"id\": \"" + id + "\", \"subject\": \"x\"}");
		assertThat(json.readTree(echoed.body()).get("id").asString()).isEqualTo(id);
	}

	@Test
	void malformedAndForeignIdsAreBadRequests() throws Exception {
		assertThat(get("/tickets/tkt_nonsense").statusCode()).isEqualTo(400);
		assertThat(get("/tickets/art_01m80m8fdeefn8sbsertbdp6n0").statusCode()).isEqualTo(400);
		assertThat(post("/tickets/echo", "{\"id\": \"art_01m80m8fdeefn8sbsertbdp6n0\"}").statusCode()).isEqualTo(400);
		assertThat(get("/tickets/tkt_01m80m8fdeefn8sbsertbdp6n0").statusCode()).isEqualTo(404);
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.client.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(String path, String body) throws Exception {
		return this.client.send(HttpRequest.newBuilder(uri(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

}
