package io.github.timesortedid.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** A small HTTP client for the tests: real requests to the running sample app. */
final class HttpApi {

	private final HttpClient client = HttpClient.newHttpClient();

	private final ObjectMapper json = new ObjectMapper();

	private final String base;

	HttpApi(int port) {
		this.base = "http://localhost:" + port;
	}

	Response get(String path) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path)).GET());
	}

	Response post(String path, String body) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body)));
	}

	Response put(String path, String body) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString(body)));
	}

	private Response send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
			JsonNode body = response.body().isEmpty() ? null : this.json.readTree(response.body());
			return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
					response.headers().firstValue("Location").orElse(null), body);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	record Response(int status, String contentType, String location, JsonNode body) {

		String text(String field) {
			return this.body.get(field).asString();
		}

	}

}
