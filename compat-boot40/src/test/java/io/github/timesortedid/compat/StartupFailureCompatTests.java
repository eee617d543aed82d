package io.github.timesortedid.compat;

import io.github.timesortedid.compat.broken.BrokenApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A configuration error is still reported by the library's failure analysis on the older line: the
 * generator's exception reaches Spring Boot 4.0 through Hibernate 7.2's entry point.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureCompatTests {

	@Test
	void anUnsupportedKeyTypeStopsStartupWithTheAnalysis(CapturedOutput output) {
		Throwable failure = catchThrowable(() -> new SpringApplicationBuilder(BrokenApplication.class)
			.web(WebApplicationType.NONE)
			.run()
			.close());
		assertThat(failure).isNotNull();
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Entity 'Counter', attribute 'id' is a java.lang.Integer, which @TimeSortedId cannot fill.")
			.contains("Make the attribute a String");
	}

}
