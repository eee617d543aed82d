package io.github.timesortedid.sample;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The sample app's Actuator: the timesortedid endpoint, the node lease's health, and the metrics. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ActuatorHttpTests {

	@LocalServerPort
	private int port;

	private HttpApi api;

	@BeforeEach
	void client() {
		this.api = new HttpApi(this.port);
	}

	@Test
	void theEndpointListsTheAttributesAndTheLeaseAndDecodesAnId() {
		String account = this.api.post("/accounts", "{\"name\": \"Grace\"}").text("id");
		String post = this.api
			.post("/posts", "{\"accountId\": \"" + account + "\", \"title\": \"Hello\", \"body\": \"First\"}")
			.text("id");
		HttpApi.Response listing = this.api.get("/actuator/timesortedid");
		assertThat(listing.status()).isEqualTo(200);
		JsonNode postId = attribute(listing.body(), "Post", "id");
		assertThat(postId.get("algorithm").asString()).isEqualTo("uuidv7");
		assertThat(postId.get("prefix").asString()).isEqualTo("post");
		assertThat(postId.get("column").asString()).isEqualTo("post.id");
		// the sample app stores String and typed IDs as binary (application.yml)
		assertThat(postId.get("storage").asString()).isEqualTo("binary");
		assertThat(postId.get("generated").asLong()).isPositive();
		assertThat(attribute(listing.body(), "Session", "token").get("algorithm").asString()).isEqualTo("random");
		assertThat(attribute(listing.body(), "Comment", "id").get("algorithm").asString()).isEqualTo("snowflake");
		JsonNode lease = listing.body().get("lease");
		assertThat(lease.get("valid").asBoolean()).isTrue();
		assertThat(lease.get("node").asInt()).isBetween(0, 1023);

		HttpApi.Response decoded = this.api.get("/actuator/timesortedid/" + post);
		assertThat(decoded.status()).isEqualTo(200);
		assertThat(decoded.text("entity")).isEqualTo("Post");
		assertThat(decoded.text("algorithm")).isEqualTo("uuidv7");
		assertThat(decoded.body().get("segments").get(0).get("name").asString()).isEqualTo("unix_ts_ms");
		assertThat(decoded.body().get("segments")).hasSize(5);

		assertThat(this.api.get("/actuator/timesortedid/post_nonsense").status()).isEqualTo(400);
	}

	@Test
	void theNodeLeaseIsUpAndPartOfReadinessAndMetricsAreServed() {
		HttpApi.Response health = this.api.get("/actuator/health");
		assertThat(health.status()).isEqualTo(200);
		JsonNode nodeLease = health.body().get("components").get("nodeLease");
		assertThat(nodeLease.get("status").asString()).isEqualTo("UP");
		assertThat(nodeLease.get("details").get("node").asInt()).isBetween(0, 1023);
		// the probe shows no components; TimeSortedIdActuatorTests proves that a lost lease turns it DOWN
		HttpApi.Response readiness = this.api.get("/actuator/health/readiness");
		assertThat(readiness.status()).isEqualTo(200);
		assertThat(readiness.text("status")).isEqualTo("UP");

		this.api.post("/accounts", "{\"name\": \"Ada\"}");
		HttpApi.Response generated = this.api.get("/actuator/metrics/time.sorted.id.generated?tag=entity:Account");
		assertThat(generated.status()).isEqualTo(200);
		assertThat(generated.body().get("measurements").get(0).get("value").asDouble()).isGreaterThanOrEqualTo(1);
		assertThat(this.api.get("/actuator/metrics/time.sorted.id.lease.acquisitions").status()).isEqualTo(200);
	}

	private static JsonNode attribute(JsonNode listing, String entity, String attribute) {
		for (JsonNode each : listing.get("attributes")) {
			if (each.get("entity").asString().equals(entity) && each.get("attribute").asString().equals(attribute)) {
				return each;
			}
		}
		throw new AssertionError("No attribute " + entity + "." + attribute + " in " + listing);
	}

}
