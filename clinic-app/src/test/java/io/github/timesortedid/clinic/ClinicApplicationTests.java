package io.github.timesortedid.clinic;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.github.timesortedid.clinic.owner.Owner;
import io.github.timesortedid.clinic.owner.OwnerId;
import io.github.timesortedid.clinic.owner.OwnerRepository;
import io.github.timesortedid.clinic.owner.Visit;
import io.github.timesortedid.query.IdResolver;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole application on a random port, driven like a browser: forms posted, redirects followed,
 * links taken from the pages.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ClinicApplicationTests {

	private static final String BODY = "[0-7][0-9a-hjkmnp-tv-z]{25}";

	private static final String LAST_SEED_OWNER = "owner_01ke6phrs0f8qr7qsffff084pz";

	@LocalServerPort
	private int port;

	@Autowired
	private OwnerRepository owners;

	@Autowired
	private IdResolver ids;

	@Autowired
	private TransactionTemplate transactions;

	private Browser browser;

	@BeforeEach
	void browser() {
		this.browser = new Browser("http://localhost:" + this.port);
	}

	@Test
	void anOwnerGetsAPetAndAVisitThroughTheForms() {
		Page created = this.browser.post("/owners/new", Map.of("firstName", "Ada", "lastName", "Byron", "address",
				"12 Analytical Row", "city", "London", "telephone", "6085550123"));
		assertThat(created.status()).isEqualTo(302);
		String ownerPath = created.location();
		assertThat(ownerPath).matches("/owners/owner_" + BODY);
		String ownerId = ownerPath.substring("/owners/".length());
		assertThat(ownerId).isGreaterThan(LAST_SEED_OWNER);

		Page details = this.browser.get(ownerPath);
		assertThat(details.status()).isEqualTo(200);
		assertThat(details.body()).contains("Ada Byron", "New owner created", "<code>" + ownerId + "</code>");

		Page petForm = this.browser.get(details.link("/owners/" + ownerId + "/pets/new"));
		String dog = petForm.find("<option value=\"(type_" + BODY + ")\">dog</option>");
		Page petAdded = this.browser.post(petForm.formAction(),
				Map.of("name", "Babbage", "birthDate", "2024-02-29", "type", dog));
		assertThat(petAdded.status()).isEqualTo(302);
		assertThat(petAdded.location()).isEqualTo(ownerPath);

		details = this.browser.get(ownerPath);
		assertThat(details.body()).contains("Babbage", "2024-02-29", "dog", "New pet added");
		String visitFormPath = details.find("href=\"(/owners/" + ownerId + "/pets/pet_" + BODY + "/visits/new)\"");
		String petId = visitFormPath.split("/")[4];

		Page visitForm = this.browser.get(visitFormPath);
		assertThat(visitForm.status()).isEqualTo(200);
		Page visitAdded = this.browser.post(visitForm.formAction(),
				Map.of("date", "2026-11-20", "description", "first check-up"));
		assertThat(visitAdded.status()).isEqualTo(302);
		assertThat(visitAdded.location()).isEqualTo(ownerPath);

		details = this.browser.get(ownerPath);
		assertThat(details.body()).contains("first check-up", "2026-11-20", "Your visit has been booked")
			.doesNotContain("[value=");
		String visitId = details.find("data-visit-id=\"(visit_" + BODY + ")\"");

		assertThat(this.ids.parse(petId).entityName()).isEqualTo("Pet");
		assertThat(this.ids.parse(visitId).entityName()).isEqualTo("Visit");
		this.transactions.executeWithoutResult((status) -> {
			Owner owner = this.owners.findById(new OwnerId(ownerId)).orElseThrow();
			assertThat(owner.getPets()).singleElement().satisfies((pet) -> {
				assertThat(pet.getId().value()).isEqualTo(petId);
				assertThat(pet.getType().getId().value()).isEqualTo(dog);
				assertThat(pet.getVisits()).extracting(Visit::getId)
					.extracting(Object::toString)
					.containsExactly(visitId);
			});
		});
		assertThat(visitId.substring("visit_".length())).isGreaterThan(petId.substring("pet_".length()));
		assertThat(petId.substring("pet_".length())).isGreaterThan(ownerId.substring("owner_".length()));
	}

	@Test
	void findingOwnersLinksToSeedOwnersByTheirIds() {
		Page found = this.browser.get("/owners?lastName=Novak");
		assertThat(found.status()).isEqualTo(200);
		assertThat(found.body()).contains("href=\"/owners/owner_01ke6paed0fb3869tgcv7a35xs\"",
				"href=\"/owners/owner_01ke6p4ym0e09rnn6zt1c0x5s2\"");
		Page one = this.browser.get("/owners?lastName=Tanaka");
		assertThat(one.status()).isEqualTo(302);
		assertThat(one.location()).isEqualTo("/owners/owner_01ke6pc900f7d8rh6trv82nvsx");
		assertThat(this.browser.get(one.location()).body()).contains("Aiko Tanaka", "Mochi", "hamster");
	}

	@Test
	void theVetsJsonCarriesIdsAsStrings() {
		Page vets = this.browser.get("/vets.json");
		assertThat(vets.status()).isEqualTo(200);
		assertThat(vets.body())
			.contains("\"id\":\"vet_01ke6jrxk3f0c8cz7tsnjy2dnr\"", "\"id\":\"spec_01ke6jq304ed2ahhajaceqfvcd\"")
			.doesNotContain("\"value\"");
	}

	@Test
	void idsOfAnotherTypeOrBrokenIdsAreBadRequestsAndUnknownOnesNotFound() {
		assertThat(this.browser.get("/owners/pet_01ke6sjt80fz599xv8c51n3pyh").status()).isEqualTo(400);
		assertThat(this.browser.get("/owners/owner_nonsense").status()).isEqualTo(400);
		assertThat(this.browser.get("/owners/owner_01ke6p4ym0e09rnn6zt1c0x5su").status()).isEqualTo(400);
		assertThat(this.browser.get("/owners/owner_01m80m8fdeefn8sbsertbdp6n0").status()).isEqualTo(404);
		String ownerId = "owner_01ke6p4ym0e09rnn6zt1c0x5s2";
		assertThat(this.browser.get("/owners/" + ownerId + "/pets/" + ownerId + "/edit").status()).isEqualTo(400);
	}

	/** A page as a browser got it. */
	record Page(int status, String body, String location) {

		String find(String regex) {
			Matcher matcher = Pattern.compile(regex).matcher(this.body);
			assertThat(matcher.find()).as("%s in the page", regex).isTrue();
			return matcher.group(1);
		}

		String link(String path) {
			assertThat(this.body).contains("href=\"" + path + "\"");
			return path;
		}

		String formAction() {
			return find("<form[^>]*action=\"([^\"]+)\"");
		}

	}

	/** Keeps cookies and does not follow redirects, so the test sees where they go. */
	static final class Browser {

		private final HttpClient client = HttpClient.newBuilder()
			.cookieHandler(new CookieManager())
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();

		private final String base;

		Browser(String base) {
			this.base = base;
		}

		Page get(String path) {
			return send(HttpRequest.newBuilder(URI.create(this.base + path)).GET());
		}

		Page post(String path, Map<String, String> form) {
			String body = new LinkedHashMap<>(form).entrySet()
				.stream()
				.map((field) -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
						+ URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
				.collect(Collectors.joining("&"));
			return send(HttpRequest.newBuilder(URI.create(this.base + path))
				.header("Content-Type", "application/x-www-form-urlencoded")
				.POST(HttpRequest.BodyPublishers.ofString(body)));
		}

		private Page send(HttpRequest.Builder request) {
			try {
				HttpResponse<String> response = this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
				String location = response.headers()
					.firstValue("Location")
					.map((value) -> value.startsWith(this.base) ? value.substring(this.base.length()) : value)
					.orElse(null);
				return new Page(response.statusCode(), response.body(), location);
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

	}

}
