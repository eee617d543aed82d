package io.github.timesortedid.openapi;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.swagger.v3.core.converter.ModelConverter;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration of typed IDs in the OpenAPI document of springdoc-openapi: every
 * {@link TypedId} class is a {@code string} schema with the exact {@code pattern},
 * {@code minLength}, {@code maxLength} and an {@code example} of the format its attribute has in
 * the application, in request and response bodies and in path and query parameters; springdoc
 * adds the {@link ModelConverter} bean to the ones it uses.
 */
@AutoConfiguration
@ConditionalOnClass({ TypedId.class, ModelConverter.class, SpringDocConfigProperties.class })
public final class TimeSortedIdOpenApiAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	TypedIdModelConverter timeSortedIdModelConverter(ObjectProvider<TimeSortedIdRegistry> registry,
			ObjectProvider<SpringDocConfigProperties> springdoc, Environment environment) {
		SpringDocConfigProperties properties = springdoc.getIfAvailable();
		// springdoc 3 writes OpenAPI 3.1 unless springdoc.api-docs.version says 3.0
		boolean openapi31 = properties == null || properties.isOpenapi31();
		return new TypedIdModelConverter(registry::getIfUnique, openapi31,
				environment.getProperty(PropertyNames.JSON_LONG_IDS_AS_STRINGS, Boolean.class, false));
	}

}
