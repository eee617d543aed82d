package io.github.timesortedid.sample;

import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.orm.jpa.AbstractEntityManagerFactoryBean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app with Spring Data JPA's deferred bootstrap, as Spring Boot configures it: Hibernate
 * starts in the application's task executor while the rest of the context starts, and the library's
 * startup work (the registry of ID attributes, the schema check, the node lease) waits for it. IDs,
 * retry-safe inserts and the Actuator endpoint work as with the default bootstrap.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.data.jpa.repositories.bootstrap-mode=deferred",
				"management.endpoints.web.exposure.include=timesortedid" })
class DeferredBootstrapTests {

	@LocalServerPort
	private int port;

	@Autowired
	private AbstractEntityManagerFactoryBean entityManagerFactory;

	@Test
	void hibernateStartsInTheBackgroundAndTheLibraryServesTheApplication() throws Exception {
		// the factory was built by the bootstrap executor, not on the main thread
		assertThat(this.entityManagerFactory.getBootstrapExecutor()).isNotNull();
		assertThat(this.entityManagerFactory.getObject()).isInstanceOf(EntityManagerFactory.class);

		HttpApi api = new HttpApi(this.port);
		String account = api.post("/accounts", "{\"name\": \"Ada\"}").text("id");
		assertThat(account).matches("acct_[0-7][0-9a-hjkmnp-tv-z]{25}");
		String id = api.get("/ids/new?type=post").text("id");
		String body = "{\"accountId\": \"" + account + "\", \"title\": \"Hello\", \"body\": \"Text\"}";
		assertThat(api.put("/posts/" + id, body).status()).isEqualTo(201);
		assertThat(api.put("/posts/" + id, body).status()).isEqualTo(200);
		assertThat(api.put("/posts/" + id, body.replace("Hello", "Goodbye")).status()).isEqualTo(409);
		HttpApi.Response endpoint = api.get("/actuator/timesortedid");
		assertThat(endpoint.status()).isEqualTo(200);
		assertThat(endpoint.body().toString()).contains("\"Post\"").contains("\"Account\"");
	}

}
