package io.github.timesortedid.compat;

import org.hibernate.Version;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import org.springframework.core.SpringVersion;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tests beside this one are worth something only on the older line: if a dependency change
 * let the main line's versions into this module, they would pass without testing anything new.
 * This test fails instead. The expected versions come from the module's POM.
 */
class SupportedLineTests {

	@Test
	void theTestsRunOnSpringBoot40WithItsHibernateAndSpringFramework() {
		assertSpringBoot40();
		String hibernate = System.getProperty("compat.expected.hibernate", "7.2.");
		assertThat(Version.getVersionString()).startsWith(hibernate);
	}

	/** Spring Boot 4.0.x, the release the POM names, with its Spring Framework 7.0.x. */
	static void assertSpringBoot40() {
		String boot = System.getProperty("compat.expected.spring-boot", "4.0.");
		assertThat(SpringBootVersion.getVersion()).startsWith("4.0.").startsWith(boot);
		assertThat(SpringVersion.getVersion()).startsWith("7.0.");
	}

}
