package io.github.timesortedid.autoconfigure;

import javax.sql.DataSource;

import io.github.timesortedid.config.InsertProperties;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.insert.InsertObserver;
import io.github.timesortedid.insert.RetrySafeAggregateInserter;
import io.github.timesortedid.jdbc.AggregateIds;
import io.github.timesortedid.jdbc.TimeSortedIdBeforeConvertCallback;
import io.github.timesortedid.jdbc.TimeSortedIdJdbcAggregateTemplate;
import io.github.timesortedid.jdbc.TypedIdJdbcConverters;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.query.PersistenceApi;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.JdbcAggregateOperations;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.convert.DataAccessStrategy;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.jdbc.core.convert.JdbcCustomConversions;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.jdbc.repository.config.JdbcConfiguration;
import org.springframework.data.jdbc.repository.support.JdbcRepositoryFactoryBean;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Auto-configuration of {@code @TimeSortedId} for Spring Data JDBC, before Spring Boot's own: the
 * attributes of the mapped aggregates registered in the {@link TimeSortedIdRegistry} at startup and
 * their columns checked against the database (as for JPA, {@code time-sorted-id.schema-check.*}), a
 * {@link TimeSortedIdBeforeConvertCallback} that gives them IDs, a
 * {@link TimeSortedIdJdbcAggregateTemplate} that inserts a new aggregate whose ID the application set,
 * {@link JdbcCustomConversions} with the converters of the typed IDs in the application's packages,
 * a {@link RetrySafeAggregateInserter} (retries from {@code time-sorted-id.insert.*}), and the
 * {@link IdResolver} that parses any ID and loads the aggregate it names.
 * The template and the conversions back off from the application's own beans of those types (which
 * then need {@link TypedIdJdbcConverters} and the template to keep those two features).
 */
@AutoConfiguration(after = TimeSortedIdAutoConfiguration.class,
		afterName = { "org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration" },
		beforeName = OnSpringDataJdbcCondition.AUTO_CONFIGURATION)
@ConditionalOnClass({ JdbcAggregateTemplate.class, AggregateIds.class })
@Conditional(OnSpringDataJdbcCondition.class)
@ConditionalOnBean({ NamedParameterJdbcOperations.class, PlatformTransactionManager.class, TimeSortedIdRegistry.class })
public final class TimeSortedIdDataJdbcAutoConfiguration {

	@Bean
	AggregateIds timeSortedIdAggregateIds(JdbcConverter converter, TimeSortedIdRegistry registry, JdbcDialect dialect) {
		return new AggregateIds(converter, registry, dialect);
	}

	@Bean
	TimeSortedIdBeforeConvertCallback timeSortedIdBeforeConvertCallback(AggregateIds aggregates) {
		return new TimeSortedIdBeforeConvertCallback(aggregates);
	}

	/** The library's template and typed-ID conversions where the application defines Spring Data JDBC's own. */
	@Bean
	static ApplicationJdbcBeans timeSortedIdApplicationJdbcBeans() {
		return new ApplicationJdbcBeans();
	}

	/**
	 * Registers every mapped {@code @TimeSortedId} attribute once the repositories have made their
	 * aggregates known, so that a prefix clash or a bad mapping fails startup, not the first save; then
	 * checks their columns against the database, and applies {@code time-sorted-id.partitions} to the
	 * aggregates' tables (in an application with JPA too, Hibernate has partitioned the entities the
	 * setting names as it booted); the partition maintainer starts after this.
	 */
	@Bean
	static SmartInitializingSingleton timeSortedIdAggregateRegistration(ListableBeanFactory beans) {
		return () -> {
			AggregateIds aggregates = beans.getBean(AggregateIds.class);
			aggregates.registerAll();
			DataSource dataSource = beans.getBeanProvider(DataSource.class).getIfUnique();
			if (dataSource != null) {
				aggregates.checkSchema(dataSource);
				aggregates.partitionTables(dataSource);
			}
		};
	}

	@Bean
	@ConditionalOnMissingBean
	JdbcAggregateTemplate jdbcAggregateTemplate(ApplicationContext applicationContext, JdbcMappingContext mappingContext,
			JdbcConverter converter, DataAccessStrategy dataAccessStrategy, AggregateIds aggregates) {
		return new TimeSortedIdJdbcAggregateTemplate(applicationContext, mappingContext, converter, dataAccessStrategy,
				aggregates);
	}

	@Bean
	@ConditionalOnMissingBean
	JdbcCustomConversions jdbcCustomConversions(ApplicationContext applicationContext, TimeSortedIdRegistry registry,
			ApplicationJdbcBeans applicationBeans) {
		JdbcDialect dialect = applicationContext.getBean(JdbcDialect.class);
		return JdbcConfiguration.createCustomConversions(dialect,
				TypedIdJdbcConverters.of(applicationBeans.typedIds(), registry, dialect));
	}

	/** Retry-safe inserts of aggregates, behind the {@code AggregateInsertRepository} fragment. */
	@Bean
	@ConditionalOnMissingBean
	RetrySafeAggregateInserter retrySafeAggregateInserter(JdbcAggregateOperations template, JdbcConverter converter,
			NamedParameterJdbcOperations jdbc, PlatformTransactionManager transactionManager,
			TimeSortedIdRegistry registry, AggregateIds aggregates, TimeSortedIdBeforeConvertCallback ids,
			TimeSortedIdProperties properties, ObjectProvider<InsertObserver> observers, ApplicationContext applicationContext) {
		InsertProperties insert = properties.getInsert();
		return new RetrySafeAggregateInserter(template, converter, jdbc.getJdbcOperations(), aggregates.database(),
				transactionManager, registry, ids, InsertSettings.retryPolicy(insert, RetrySafeAggregateInserter::isTransient),
				InsertSettings.attemptTimeout(insert), InsertSettings.observer(observers), applicationContext,
				EntityCallbacks.create(applicationContext));
	}

	/** Any ID to its aggregate type, and the whole aggregate loaded by the aggregate template. */
	@Bean
	@ConditionalOnMissingBean
	IdResolver idResolver(TimeSortedIdRegistry registry, ListableBeanFactory beans) {
		return new IdResolver(registry, PersistenceApi.loader(beans));
	}

	/**
	 * An application with JPA too: Hibernate boots before the aggregates are registered, so the
	 * registry awaits them; the names {@code time-sorted-id.entities} and
	 * {@code time-sorted-id.partitions} give that Hibernate does not map are left to the aggregates'
	 * registration, which checks every name against both.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer")
	static final class JpaConfiguration {

		@Bean
		HibernatePropertiesCustomizer timeSortedIdAwaitAggregates(TimeSortedIdRegistry registry) {
			return (hibernateProperties) -> registry.awaitIntegration(AggregateIds.INTEGRATION);
		}

	}

	/**
	 * Kotlin value classes in the arguments of Spring Data JDBC repositories: a typed ID, which has a
	 * converter, passes as itself; a plain value class is unboxed to what it holds.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "kotlin.Metadata")
	static final class KotlinConfiguration {

		@Bean
		static KotlinRepositories timeSortedIdKotlinJdbcRepositories(ObjectProvider<JdbcCustomConversions> conversions) {
			return new KotlinRepositories(JdbcRepositoryFactoryBean.class,
					(type) -> conversions.getObject().hasCustomWriteTarget(type));
		}

	}

}
