package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.web.TypedIdConverter;
import io.github.timesortedid.web.TypedIdJacksonModule;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.JacksonModule;

import static org.assertj.core.api.Assertions.assertThat;

class TimeSortedIdWebAutoConfigurationTests {

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(TimeSortedIdWebAutoConfiguration.class));

	@Test
	void providesTheConverterAndTheJacksonModuleWithoutADatabase() {
		this.contexts.run(context -> assertThat(context).hasSingleBean(TypedIdConverter.class)
			.hasSingleBean(TypedIdJacksonModule.class));
	}

	@Test
	void withoutJacksonOnlyTheConverter() {
		this.contexts.withClassLoader(new FilteredClassLoader(JacksonModule.class))
			.run(context -> assertThat(context).hasSingleBean(TypedIdConverter.class)
				.doesNotHaveBean(TypedIdJacksonModule.class));
	}

	@Test
	void backsOffFromTheApplicationsOwnBeans() {
		this.contexts.withBean(TypedIdConverter.class, TypedIdConverter::new)
			.run(context -> assertThat(context).hasSingleBean(TypedIdConverter.class));
	}

}
