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
		String boot = System.getProperty("compat.expected.spring-boot", "4.0.");
		String hibernate = System.getProperty("compat.expected.hibernate", "7.2.");
		assertThat(SpringBootVersion.getVersion()).startsWith("4.0.").startsWith(boot);
		assertThat(Version.getVersionString()).startsWith(hibernate);
		assertThat(SpringVersion.getVersion()).startsWith("7.0.");
	}

}
