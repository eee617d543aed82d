package io.github.timesortedid.openapi;

import io.swagger.v3.core.converter.ModelConverter;
import org.junit.jupiter.api.Test;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class TimeSortedIdOpenApiAutoConfigurationTests {

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(TimeSortedIdOpenApiAutoConfiguration.class));

	@Test
	void withSpringdocTypedIdsGetAModelConverter() {
		this.contexts.run(context -> assertThat(context).hasSingleBean(TypedIdModelConverter.class)
			.getBean(ModelConverter.class)
			.satisfies(converter -> assertThat(converter.isOpenapi31()).isTrue()));
	}

	@Test
	void followsTheOpenApiVersionSpringdocWrites() {
		this.contexts.withBean(OpenApi30.class)
			.run(context -> assertThat(context.getBean(ModelConverter.class).isOpenapi31()).isFalse());
	}

	/** Springdoc's properties as springdoc.api-docs.version=openapi_3_0 binds them, without its web conditions. */
	static class OpenApi30 extends SpringDocConfigProperties {

		OpenApi30() {
			getApiDocs().setVersion(SpringDocConfigProperties.ApiDocs.OpenApiVersion.OPENAPI_3_0);
		}

	}

	@Test
	void withoutSpringdocNothing() {
		this.contexts.withClassLoader(new FilteredClassLoader("org.springdoc"))
			.run(context -> assertThat(context).doesNotHaveBean(TypedIdModelConverter.class));
	}

	@Test
	void withoutSwaggerCoreNothing() {
		this.contexts.withClassLoader(new FilteredClassLoader(ModelConverter.class))
			.run(context -> assertThat(context).doesNotHaveBean(TypedIdModelConverter.class));
	}

}
