package io.github.timesortedid.docs.configuration;

import io.github.timesortedid.config.TimeSortedIdProperties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's {@code application.yml} with every key: an application starts with it, every value
 * it spells out is the setting's default, and its entity override takes effect.
 */
@SpringBootTest(classes = ConfigurationApplication.class,
		properties = "spring.config.import=classpath:config/defaults.yml")
class ConfigurationTests {

	@Autowired
	private TimeSortedIdProperties properties;

	@Autowired
	private SessionRepository sessions;

	@Test
	void everyValueOfTheExampleIsTheDefault() {
		assertThat(this.properties).usingRecursiveComparison()
			.ignoringFields("entities", "nodeLease.maxNode")
			.isEqualTo(new TimeSortedIdProperties());
		// left unset, the highest node there is: the example spells it out
		assertThat(this.properties.getNodeLease().getMaxNode()).isEqualTo(1023);
		assertThat(this.properties.getEntities()).containsOnlyKeys("Session");
	}

	@Test
	void theEntityOverrideTakesEffect() {
		Session session = this.sessions.save(new Session());
		// a random token: base62, no time
		assertThat(session.getId()).matches("sess_[0-9A-Za-z]{22}");
	}

}
