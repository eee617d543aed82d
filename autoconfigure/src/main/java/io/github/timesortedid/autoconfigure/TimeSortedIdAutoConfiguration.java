package io.github.timesortedid.autoconfigure;

import java.time.Clock;

import io.github.timesortedid.hibernate.TimeSortedIdRegistry;
import io.github.timesortedid.hibernate.TimeSortedIdSettings;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.RandomSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration for {@code @TimeSortedId}: turns {@code time-sorted-id.*} into a
 * {@link TimeSortedIdRegistry} and hands it to Hibernate, before Hibernate's own
 * auto-configuration. Every bean can be replaced: the {@link RandomSource}, the
 * {@link TimeSortedIdSettings} or the registry; a unique {@link Clock} bean is used as the clock,
 * and each {@link IdAlgorithm} bean becomes an algorithm under its name.
 */
@AutoConfiguration(before = HibernateJpaAutoConfiguration.class)
@ConditionalOnClass({ TimeSortedIdRegistry.class, HibernatePropertiesCustomizer.class })
@EnableConfigurationProperties(TimeSortedIdProperties.class)
public final class TimeSortedIdAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RandomSource timeSortedIdRandomSource(TimeSortedIdProperties properties) {
		return (properties.getRandomSource() == TimeSortedIdProperties.RandomSourceType.FAST) ? RandomSource.fast()
				: RandomSource.secure();
	}

	@Bean
	@ConditionalOnMissingBean
	TimeSortedIdSettings timeSortedIdSettings(TimeSortedIdProperties properties, RandomSource randomSource,
			ObjectProvider<Clock> clock, ObjectProvider<IdAlgorithm> customAlgorithms) {
		TimeSortedIdProperties.Snowflake snowflake = properties.getSnowflake();
		AlgorithmOptions options = AlgorithmOptions.builder()
			.clock(clock.getIfUnique(Clock::systemUTC))
			.randomSource(randomSource)
			.uuidv7Encoding(properties.getUuidv7().getEncoding())
			.kuuidMillisecond(properties.getKuuid().isMillisecond())
			.kuuidReverse(properties.getKuuid().isReverse())
			.couchdbUtcIdSuffix(properties.getCouchdbUtcId().getSuffix())
			.snowflakeEpoch(snowflake.getEpoch())
			.snowflakeNodeId(snowflake.getNodeId())
			.snowflakeEncoding(snowflake.getEncoding())
			.snowflakeMaxWait(snowflake.getMaxWait())
			.randomBits(properties.getRandom().getBits())
			.build();
		TimeSortedIdSettings.Builder settings = TimeSortedIdSettings.builder()
			.algorithm(properties.getAlgorithm())
			.separator(properties.getSeparator())
			.options(options);
		properties.getEntities().forEach((name, entity) -> settings.entity(name, entity.getPrefix(), entity.getAlgorithm()));
		customAlgorithms.orderedStream().forEach(settings::customAlgorithm);
		return settings.build();
	}

	@Bean
	@ConditionalOnMissingBean
	TimeSortedIdRegistry timeSortedIdRegistry(TimeSortedIdSettings settings) {
		return new TimeSortedIdRegistry(settings);
	}

	@Bean
	HibernatePropertiesCustomizer timeSortedIdHibernatePropertiesCustomizer(TimeSortedIdRegistry registry) {
		return (hibernateProperties) -> hibernateProperties.put(TimeSortedIdRegistry.SETTING, registry);
	}

}
