package io.github.timesortedid.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import tools.jackson.core.StreamReadFeature;

/** A blog API on embedded H2 whose entities carry time-sorted, prefixed IDs. */
@SpringBootApplication
public class SampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

	/**
	 * A JSON body that names a property twice is a {@code 400}: which value a retried request meant
	 * is not for the server to guess. (Without this, Jackson 3.1 keeps the last value, and Jackson 3.0
	 * fails on records with an error Spring answers with {@code 500}: jackson-databind issue 4690.)
	 */
	@Bean
	JsonMapperBuilderCustomizer rejectDuplicateJsonProperties() {
		return (builder) -> builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
	}

}
