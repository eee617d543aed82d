package io.github.timesortedid.sample;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Whatever a client sends (any path ID, any query parameter, any body), the sample app keeps its
 * error contract: never a 5xx, every 4xx an {@code application/problem+json} problem, every 2xx
 * JSON. The app runs once for the class on a random port; one account, post and session are made
 * first so that real IDs are mixed into the hostile ones.
 */
final class HostileInputProperties {

	private static final String BASE32 = "0123456789abcdefghjkmnpqrstvwxyz";

	private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

	/** Well-formed IDs that name no row. */
	private static final List<String> UNKNOWN_IDS = List.of("post_01m80m8fdeefn8sbsertbdp6n0",
			"acct_01m80m8fdeefn8sbsertbdp6n0", "sess_0000000000000000000000");

	private static final ObjectMapper JSON = new ObjectMapper();

	/** Writes every non-ASCII character as an escape, so lone surrogates reach the server intact. */
	private static final ObjectMapper ESCAPING_JSON = JsonMapper.builder()
		.enable(JsonWriteFeature.ESCAPE_NON_ASCII)
		.build();

	private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

	private static ConfigurableApplicationContext app;

	private static HttpClient client;

	private static String base;

	private static RealIds real;

	@BeforeContainer
	static void startTheApp() {
		app = SpringApplication.run(SampleApplication.class, "--server.port=0");
		base = "http://localhost:" + app.getEnvironment().getProperty("local.server.port");
		client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		String account = created("/accounts", "{\"name\": \"Ada\"}").get("id").asString();
		String post = created("/posts",
				"{\"accountId\": \"" + account + "\", \"title\": \"Hello\", \"body\": \"First post\"}").get("id")
			.asString();
		String session = created("/sessions", "{\"accountId\": \"" + account + "\"}").get("token").asString();
		List<String> fresh = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			fresh.add(json(send(new HostileRequest("GET", "/ids/new?type=post", null, null))).get("id").asString());
		}
		real = new RealIds(account, post, session, List.copyOf(fresh));
	}

	@AfterContainer
	static void stopTheApp() {
		if (app != null) {
			app.close();
		}
	}

	@Property
	void hostilePathIdsKeepTheErrorContract(@ForAll("pathIdRequests") HostileRequest request) {
		assertKeepsTheContract(request);
	}

	@Property
	void hostileQueryParametersKeepTheErrorContract(@ForAll("queryRequests") HostileRequest request) {
		assertKeepsTheContract(request);
	}

	@Property
	void hostileBodiesKeepTheErrorContract(@ForAll("bodyRequests") HostileRequest request) {
		assertKeepsTheContract(request);
	}

	private static void assertKeepsTheContract(HostileRequest request) {
		HttpResponse<String> response = send(request);
		int status = response.statusCode();
		String contentType = response.headers().firstValue("Content-Type").orElse("");
		String described = request + " -> " + status + " " + contentType + " " + abbreviate(response.body());
		assertThat(status).as(described).isLessThan(500);
		if (status >= 400) {
			assertThat(contentType).as(described).startsWith("application/problem+json");
		}
		if (status >= 200 && status < 300) {
			try {
				JSON.readTree(response.body());
			}
			catch (JacksonException ex) {
				fail(described + ": the body is not JSON: " + ex.getOriginalMessage());
			}
		}
		Statistics.label("status").collect(status / 100 + "xx");
		// both kinds of answer must occur, or a generator has stopped reaching the app's success or error paths
		Statistics.label("status").coverage(checker -> {
			checker.check("2xx").percentage(percent -> percent >= 1);
			checker.check("4xx").percentage(percent -> percent >= 20);
		});
	}

	// ---- path IDs

	@Provide
	Arbitrary<HostileRequest> pathIdRequests() {
		Arbitrary<String> id = Arbitraries.frequencyOf(Tuple.of(4, anyText()), Tuple.of(2, controlText()),
				Tuple.of(6, nearIds()), Tuple.of(6, mutatedRealIds()), Tuple.of(4, realAndUnknownIds()),
				Tuple.of(1, longText()), Tuple.of(1, Arbitraries.of(".", "..", "%", "%2F", "a/b", ";", "post_;x=1", "\\")));
		Arbitrary<String> endpoint = Arbitraries.of("GET /posts/", "GET /accounts/", "PUT /posts/", "GET /ids/");
		return Combinators.combine(endpoint, id, validPostBody()).as((target, text, body) -> {
			String method = target.substring(0, target.indexOf(' '));
			String path = target.substring(target.indexOf(' ') + 1) + encode(text);
			return method.equals("PUT") ? new HostileRequest(method, path, "application/json", body)
					: new HostileRequest(method, path, null, null);
		});
	}

	// ---- query parameters

	@Provide
	Arbitrary<HostileRequest> queryRequests() {
		Arbitrary<String> posts = Combinators
			.combine(parameter("from", instantValue()), parameter("to", instantValue()),
					parameter("after", idValue()), parameter("before", idValue()), parameter("limit", numberValue()),
					parameter("order", orderValue()))
			.as((from, to, after, before, limit, order) -> query("/posts", from, to, after, before, limit, order));
		Arbitrary<String> newIds = parameter("type", typeValue()).map(type -> query("/ids/new", type));
		Arbitrary<String> repeated = Combinators.combine(Arbitraries.of("from", "to", "after", "before", "limit", "order"),
				anyQueryValue(), anyQueryValue())
			.as((name, first, second) -> "/posts?" + name + "=" + encode(first) + "&" + name + "=" + encode(second));
		Arbitrary<String> bare = Arbitraries.of("/posts?limit", "/posts?limit=", "/posts?order=", "/posts?from=",
				"/posts?after=&before=", "/ids/new", "/ids/new?type", "/ids/new?type=", "/posts?&&&=&", "/posts?=5");
		return Arbitraries.frequencyOf(Tuple.of(12, posts), Tuple.of(4, newIds), Tuple.of(2, repeated), Tuple.of(1, bare))
			.map(path -> new HostileRequest("GET", path, null, null));
	}

	private static Arbitrary<String> parameter(String name, Arbitrary<String> value) {
		// absent more often than not, so that single bad parameters are tried as much as combinations
		return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just("")),
				Tuple.of(2, value.map(v -> name + "=" + encode(v))));
	}

	private static String query(String path, String... parameters) {
		String joined = String.join("&", List.of(parameters).stream().filter(p -> !p.isEmpty()).toList());
		return joined.isEmpty() ? path : path + "?" + joined;
	}

	private static Arbitrary<String> instantValue() {
		Arbitrary<String> anywhere = Combinators
			.combine(Arbitraries.longs().between(Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond()),
					Arbitraries.integers().between(0, 999_999_999))
			.as((seconds, nanos) -> Instant.ofEpochSecond(seconds, nanos).toString());
		Arbitrary<String> plausible = Arbitraries.longs()
			.between(Instant.parse("1960-01-01T00:00:00Z").toEpochMilli(), Instant.parse("2200-01-01T00:00:00Z").toEpochMilli())
			.map(millis -> Instant.ofEpochMilli(millis).toString());
		// the ends of time and of a 48-bit millisecond timestamp, and text that is nearly an instant
		Arbitrary<String> edges = Arbitraries.of(Instant.MIN.toString(), Instant.MAX.toString(), Instant.EPOCH.toString(),
				"1969-12-31T23:59:59.999Z", "+10889-08-02T05:31:50.655Z", "+10889-08-02T05:31:50.656Z",
				"+275760-09-13T00:00:00Z", "-0001-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "2030-02-01",
				"2030-02-01T00:00:00", "2030-02-01T00:00:00+01:00", "2030-02-30T00:00:00Z", "2030-02-01T24:00:00Z",
				"1e9", "now", "yesterday");
		return Arbitraries.frequencyOf(Tuple.of(3, anywhere), Tuple.of(4, plausible), Tuple.of(3, edges),
				Tuple.of(2, anyText()), Tuple.of(1, numberValue()));
	}

	private static Arbitrary<String> idValue() {
		return Arbitraries.frequencyOf(Tuple.of(3, realAndUnknownIds()), Tuple.of(3, nearIds()),
				Tuple.of(3, mutatedRealIds()), Tuple.of(2, anyText()), Tuple.of(1, longText()));
	}

	private static Arbitrary<String> numberValue() {
		Arbitrary<String> edges = Arbitraries.of("-1", "0", "1", "20", "1000", "1001", "2147483647", "2147483648",
				"-2147483648", "-2147483649", "9223372036854775808", "99999999999999999999999999", "1e3", "0x10", " 5",
				"5 ", "+5", "NaN", "1.5", "", "\u0661");
		return Arbitraries.frequencyOf(Tuple.of(3, edges), Tuple.of(3, Arbitraries.integers().map(String::valueOf)),
				Tuple.of(3, Arbitraries.integers().between(-5, 1005).map(String::valueOf)),
				Tuple.of(1, Arbitraries.bigIntegers().map(String::valueOf)), Tuple.of(1, anyText()));
	}

	private static Arbitrary<String> orderValue() {
		return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of("asc", "desc", "ASC", "Desc", "", " asc", "descending")),
				Tuple.of(1, anyText()));
	}

	private static Arbitrary<String> typeValue() {
		return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of("post", "acct", "sess", "pub", "POST", "", "post_",
				"account", "Post")), Tuple.of(2, anyText()), Tuple.of(1, nearIds()), Tuple.of(1, longText()));
	}

	private static Arbitrary<String> anyQueryValue() {
		return Arbitraries.oneOf(instantValue(), idValue(), numberValue(), orderValue());
	}

	// ---- bodies

	@Provide
	Arbitrary<HostileRequest> bodyRequests() {
		Arbitrary<String> contentType = Arbitraries.frequencyOf(Tuple.of(30, Arbitraries.just("application/json")),
				Tuple.of(1, Arbitraries.of("text/plain", "application/json; charset=UTF-16", "application/xml",
						"application/json;charset=nonsense", "")));
		Arbitrary<String> putPath = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(real.freshPostIds())),
				Tuple.of(1, Arbitraries.just(real.post())))
			.map(id -> "/posts/" + id);
		// one arbitrary per endpoint, built once: a flatMap per try made generation cost as much as the request
		return Arbitraries.oneOf(bodyRequests("POST", Arbitraries.just("/accounts"), "POST /accounts", contentType),
				bodyRequests("POST", Arbitraries.just("/posts"), "POST /posts", contentType),
				bodyRequests("PUT", putPath, "POST /posts", contentType),
				bodyRequests("POST", Arbitraries.just("/sessions"), "POST /sessions", contentType));
	}

	private static Arbitrary<HostileRequest> bodyRequests(String method, Arbitrary<String> path, String endpoint,
			Arbitrary<String> contentType) {
		return Combinators.combine(path, contentType, body(endpoint))
			.as((target, type, body) -> new HostileRequest(method, target, type.isEmpty() ? null : type, body));
	}

	private static Arbitrary<String> body(String endpoint) {
		List<String> fields = fieldsOf(endpoint);
		Arbitrary<String> oneFieldCorrupted = Combinators
			.combine(validFields(endpoint), Arbitraries.of(fields), jsonValue(2), Arbitraries.integers().between(0, 3),
					Arbitraries.of(false, true))
			.as((valid, field, value, how, escape) -> {
				ObjectNode corrupted = valid.deepCopy();
				switch (how) {
					case 0 -> corrupted.remove(field);
					case 1 -> corrupted.set(field + "x", value);
					default -> corrupted.set(field, value);
				}
				return write(corrupted, escape);
			});
		Arbitrary<String> anyFieldsAnyValues = Combinators
			.combine(Arbitraries.of(fields).set().ofMaxSize(fields.size()), jsonValue(2).list().ofSize(4),
					Arbitraries.of(false, true))
			.as((present, values, escape) -> {
				ObjectNode object = NODES.objectNode();
				int i = 0;
				for (String field : present) {
					object.set(field, values.get(i++));
				}
				return write(object, escape);
			});
		Arbitrary<String> anyJson = Combinators.combine(jsonValue(4), Arbitraries.of(false, true))
			.as(HostileInputProperties::write);
		return Arbitraries.frequencyOf(Tuple.of(15, validBody(endpoint)), Tuple.of(30, oneFieldCorrupted),
				Tuple.of(20, anyFieldsAnyValues), Tuple.of(15, anyJson), Tuple.of(12, notJson(endpoint)),
				Tuple.of(8, hugeStrings(endpoint)));
	}

	private static List<String> fieldsOf(String endpoint) {
		return switch (endpoint) {
			case "POST /accounts" -> List.of("name");
			case "POST /sessions" -> List.of("accountId");
			default -> List.of("accountId", "title", "body");
		};
	}

	private static Arbitrary<String> validBody(String endpoint) {
		return Combinators.combine(validFields(endpoint), Arbitraries.of(false, true)).as(HostileInputProperties::write);
	}

	private static Arbitrary<String> validPostBody() {
		return validBody("POST /posts");
	}

	private static Arbitrary<ObjectNode> validFields(String endpoint) {
		Arbitrary<String> text = Arbitraries.strings().all().ofMinLength(1).ofMaxLength(30).filter(s -> !s.isBlank());
		return switch (endpoint) {
			case "POST /accounts" -> text.map(name -> NODES.objectNode().put("name", name));
			case "POST /sessions" -> Arbitraries.just(NODES.objectNode().put("accountId", real.account()));
			default -> Combinators.combine(text, text)
				.as((title, body) -> NODES.objectNode()
					.put("accountId", real.account())
					.put("title", title)
					.put("body", body));
		};
	}

	private static Arbitrary<String> notJson(String endpoint) {
		Arbitrary<String> truncated = Combinators.combine(validBody(endpoint), Arbitraries.integers().between(0, 200))
			.as((body, cut) -> body.substring(0, Math.min(cut, body.length())));
		Arbitrary<String> broken = Arbitraries.of("", "{", "}", "[", "{not json", "{\"name\":", "{\"name\": \"a\",}",
				"{'name': 'a'}", "{\"accountId\": acct_01m80m8fdeefn8sbsertbdp6n0}", "null", "[]", "\"text\"", "0",
				"{\"name\": \"a\"} trailing", "{\"name\": \"a\", \"name\": \"b\"}", "{\"name\": \"\\ud800\"}",
				"{\"name\": \"\\u0000\"}", "{\"title\": NaN}", "{\"a\": " + "[".repeat(2000) + "]".repeat(2000) + "}");
		return Arbitraries.frequencyOf(Tuple.of(2, truncated), Tuple.of(2, broken), Tuple.of(1, anyText()));
	}

	private static Arbitrary<String> hugeStrings(String endpoint) {
		Arbitrary<Integer> length = Arbitraries.of(254, 255, 256, 9_999, 10_000, 10_001, 20_000);
		Arbitrary<Character> filler = Arbitraries.of('a', ' ', '\u00e9', '\ud83d', '\u0000', '"');
		return Combinators.combine(validFields(endpoint), Arbitraries.of(fieldsOf(endpoint)), length, filler,
				Arbitraries.of(false, true))
			.as((valid, field, size, c, escape) -> {
				ObjectNode object = valid.deepCopy();
				object.put(field, String.valueOf(c).repeat(size));
				return write(object, escape);
			});
	}

	private static Arbitrary<JsonNode> jsonValue(int depth) {
		Arbitrary<JsonNode> leaf = Arbitraries.oneOf(Arbitraries.just(NODES.nullNode()),
				Arbitraries.of(true, false).map(NODES::booleanNode), Arbitraries.integers().map(NODES::numberNode),
				Arbitraries.bigIntegers().map(NODES::numberNode), Arbitraries.doubles().map(NODES::numberNode),
				Arbitraries.bigDecimals().map(NODES::numberNode), anyText().map(NODES::stringNode),
				idValue().map(NODES::stringNode));
		if (depth == 0) {
			return leaf;
		}
		Arbitrary<JsonNode> array = jsonValue(depth - 1).list().ofMaxSize(4).map(values -> {
			ArrayNode node = NODES.arrayNode();
			values.forEach(node::add);
			return node;
		});
		Arbitrary<JsonNode> object = Arbitraries.maps(Arbitraries.oneOf(Arbitraries.of("name", "accountId", "title", "body"),
				anyText()), jsonValue(depth - 1))
			.ofMaxSize(4)
			.map(entries -> {
				ObjectNode node = NODES.objectNode();
				entries.forEach(node::set);
				return node;
			});
		// nested edge cases multiply into millions of combinations; random nesting is what is wanted here
		return Arbitraries.frequencyOf(Tuple.of(4, leaf), Tuple.of(1, array), Tuple.of(1, object)).withoutEdgeCases();
	}

	private static String write(JsonNode node, boolean escapeNonAscii) {
		return (escapeNonAscii ? ESCAPING_JSON : JSON).writeValueAsString(node);
	}

	// ---- text shared by the generators

	private static Arbitrary<String> anyText() {
		return Arbitraries.strings().all().ofMaxLength(40);
	}

	private static Arbitrary<String> controlText() {
		return Arbitraries.strings()
			.withCharRange('\u0000', '\u001f')
			.withChars('\u007f', '\u0085', '\u2028', '\ufeff', '\ud800', '\udfff', '_', 'p', '0', '%', '/')
			.ofMaxLength(40);
	}

	private static Arbitrary<String> longText() {
		return Combinators.combine(Arbitraries.of("", "post_", "acct_", "sess_"),
				Arbitraries.strings().withChars(BASE32 + "_").ofMinLength(30).ofMaxLength(3_000))
			.as(String::concat);
	}

	private static Arbitrary<String> nearIds() {
		Arbitrary<String> prefix = Arbitraries.of("post", "acct", "sess", "pub", "POST", "Acct", "pos", "posts", "");
		Arbitrary<String> separator = Arbitraries.of("_", "__", "-", "~", ":", "");
		Arbitrary<String> tail = Arbitraries.oneOf(Arbitraries.strings().withChars(BASE32).ofMinLength(24).ofMaxLength(28),
				Arbitraries.strings().withChars(BASE32).ofLength(26),
				Arbitraries.strings().withChars(BASE62).ofLength(22), Arbitraries.strings().withChars(BASE62).ofMaxLength(30),
				anyText());
		return Combinators.combine(prefix, separator, tail).as((p, s, t) -> p + s + t);
	}

	private static Arbitrary<String> realAndUnknownIds() {
		return Arbitraries.oneOf(Arbitraries.of(real.account(), real.post(), real.session()),
				Arbitraries.of(real.freshPostIds()), Arbitraries.of(UNKNOWN_IDS));
	}

	private static Arbitrary<String> mutatedRealIds() {
		return Combinators.combine(realAndUnknownIds(), Arbitraries.integers().between(0, 31), Arbitraries.chars().all(),
				Arbitraries.integers().between(0, 3))
			.as((id, position, c, kind) -> {
				int at = Math.min(position, id.length() - 1);
				return switch (kind) {
					case 0 -> id.substring(0, at) + c + id.substring(at + 1);
					case 1 -> id.substring(0, at) + c + id.substring(at);
					case 2 -> id.substring(0, at) + id.substring(at + 1);
					default -> id.toUpperCase();
				};
			});
	}

	/** Percent-encodes everything but unreserved characters, so that any text makes a valid URI. */
	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
	}

	private static String abbreviate(String text) {
		return (text.length() > 600) ? text.substring(0, 600) + "..." : text;
	}

	// ---- HTTP

	private static JsonNode created(String path, String body) {
		HttpResponse<String> response = send(new HostileRequest("POST", path, "application/json", body));
		assertThat(response.statusCode()).as(path + " " + response.body()).isEqualTo(201);
		return json(response);
	}

	private static JsonNode json(HttpResponse<String> response) {
		return JSON.readTree(response.body());
	}

	private static HttpResponse<String> send(HostileRequest request) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + request.target()));
		if (request.contentType() != null) {
			builder.header("Content-Type", request.contentType());
		}
		builder.method(request.method(), (request.body() != null) ? HttpRequest.BodyPublishers.ofString(request.body())
				: HttpRequest.BodyPublishers.noBody());
		try {
			return client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new IllegalStateException(request + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** One request, as jqwik prints it when a property fails. */
	record HostileRequest(String method, String target, String contentType, String body) {

		@Override
		public String toString() {
			return this.method + " " + this.target + ((this.body != null)
					? " [" + this.contentType + "] " + abbreviate(this.body) : "");
		}

	}

	record RealIds(String account, String post, String session, List<String> freshPostIds) {

	}

}
