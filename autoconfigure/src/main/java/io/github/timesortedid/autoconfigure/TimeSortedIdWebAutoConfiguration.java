package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.web.LongIdJacksonModule;
import io.github.timesortedid.web.TypedIdConverter;
import io.github.timesortedid.web.TypedIdJacksonModule;
import io.github.timesortedid.web.ValueClassConverter;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.ManagedType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JacksonModule;

/**
 * Auto-configuration of typed IDs at the edges: a Spring converter between text and every
 * {@link TypedId} (path variables, request parameters) and a Jackson module that writes and reads
 * them as plain strings, as values and as map keys; with
 * {@code time-sorted-id.json.long-ids-as-strings}, a second module that writes {@code @TimeSortedId}
 * {@code Long} attributes as JSON strings for JavaScript clients; in a Kotlin application, a
 * converter from text to plain value classes for collections of request parameters. The typed IDs are checked
 * against the application's formats when it has
 * {@link TimeSortedIds}. Apart from the JPA auto-configuration, so that the {@code @WebMvcTest} and
 * {@code @JsonTest} slices, which have no database, import it too and see typed IDs as the
 * application does (checked there for prefix and separator).
 */
@AutoConfiguration
@ConditionalOnClass(TypedId.class)
public final class TimeSortedIdWebAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	TypedIdConverter typedIdConverter(ObjectProvider<TimeSortedIds> ids) {
		return new TypedIdConverter(ids.getIfAvailable());
	}

	/** Plain Kotlin value classes in collections of request parameters, boxed from their text. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "kotlin.Metadata")
	static class KotlinConfiguration {

		@Bean
		@ConditionalOnMissingBean
		ValueClassConverter valueClassConverter() {
			return new ValueClassConverter();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JacksonModule.class)
	static class TypedIdJacksonConfiguration {

		@Bean
		@ConditionalOnMissingBean
		TypedIdJacksonModule typedIdJacksonModule(ObjectProvider<TimeSortedIds> ids) {
			return new TypedIdJacksonModule(ids.getIfAvailable());
		}

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnBooleanProperty(PropertyNames.JSON_LONG_IDS_AS_STRINGS)
		LongIdJacksonModule longIdJacksonModule() {
			return new LongIdJacksonModule();
		}

		/**
		 * Checks the JPA entities at startup for object identity that Jackson would write as numbers
		 * despite the setting, rather than at the first response that contains one.
		 */
		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass(name = "jakarta.persistence.EntityManagerFactory")
		static class JpaIdentityReferencesConfiguration {

			@Bean
			@ConditionalOnBooleanProperty(PropertyNames.JSON_LONG_IDS_AS_STRINGS)
			static SmartInitializingSingleton longIdIdentityReferencesCheck(
					ObjectProvider<EntityManagerFactory> factories) {
				return () -> factories.orderedStream()
					.forEach(factory -> LongIdJacksonModule.checkIdentityReferences(factory.getMetamodel()
						.getManagedTypes()
						.stream()
						.<Class<?>>map(ManagedType::getJavaType)
						.toList()));
			}

		}

	}

}
