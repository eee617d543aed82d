package io.github.timesortedid.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

import io.github.timesortedid.config.PartitionInterval;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.RandomSource;
import io.github.timesortedid.id.SnowflakeEncoding;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.id.Uuidv7Encoding;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.model.TimeSortedIdSettings;
import io.github.timesortedid.partitioning.PartitionSettings;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

class TimeSortedIdAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(TimeSortedIdAutoConfiguration.class));

	@Test
	void defaultsAreThoseOfTheDesign() {
		this.runner.run(context -> {
			TimeSortedIdSettings settings = context.getBean(TimeSortedIdSettings.class);
			assertThat(settings.algorithm()).isEqualTo("uuidv7");
			assertThat(settings.separator()).isEqualTo("_");
			assertThat(settings.options().uuidv7Encoding()).isEqualTo(Uuidv7Encoding.BASE32);
			assertThat(settings.options().randomSource()).isSameAs(RandomSource.secure());
			assertThat(context.getBean(RandomSource.class)).isSameAs(RandomSource.secure());
			assertThat(settings.options().clock()).isEqualTo(Clock.systemUTC());
			assertThat(settings.entities()).isEmpty();
			assertThat(context.getBean(TimeSortedIdRegistry.class).settings()).isSameAs(settings);
		});
	}

	@Test
	void anEnvironmentVariableOverridesAnEntitysSettingInTheSameEntry() {
		// Spring Boot binds the entity of TIMESORTEDID_PARTITIONS_POST_RETENTION in lower case, "post"; the
		// application.yml writes "Post": one entity, one entry, with the variable's value winning
		this.runner.withInitializer(context -> {
			MutablePropertySources sources = context.getEnvironment().getPropertySources();
			sources.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
							Map.of("TIMESORTEDID_PARTITIONS_POST_RETENTION", "100d", "TIMESORTEDID_ENTITIES_POST_PREFIX", "pst")));
			// below the variables, as Spring Boot orders a config file
			sources.addLast(new MapPropertySource("Config resource 'class path resource [application.yml]'",
					Map.of("time-sorted-id.partitions.Post.interval", "week", "time-sorted-id.partitions.Post.retention", "400d",
							"time-sorted-id.entities.Post.algorithm", "ulid", "time-sorted-id.entities.Post.prefix", "post")));
		})
			.run(context -> {
				TimeSortedIdSettings settings = context.getBean(TimeSortedIdSettings.class);
				// the entry the config file names, as the entity's class is spelt
				assertThat(settings.partitions()).containsOnlyKeys("Post");
				PartitionSettings post = settings.partitions().get("Post");
				assertThat(post.interval()).isEqualTo(PartitionInterval.WEEK);
				assertThat(post.retention()).hasDays(100);
				assertThat(settings.entities()).containsOnlyKeys("Post");
				assertThat(settings.entities().get("Post")).satisfies(entity -> {
					assertThat(entity.algorithm()).isEqualTo("ulid");
					assertThat(entity.prefix()).isEqualTo("pst");
				});
			});
	}

	@Test
	void everyPropertyReachesTheSettings() {
		this.runner
			.withPropertyValues("time-sorted-id.algorithm=ksuid", "time-sorted-id.separator=:",
					"time-sorted-id.random-source=fast", "time-sorted-id.uuidv7.encoding=base62",
					"time-sorted-id.kuuid.millisecond=true", "time-sorted-id.kuuid.reverse=true",
					"time-sorted-id.couchdb-utc-id.suffix=@mycouch", "time-sorted-id.snowflake.epoch=1420070400000",
					"time-sorted-id.snowflake.node-id=7", "time-sorted-id.snowflake.encoding=base32",
					"time-sorted-id.snowflake.max-wait=250ms", "time-sorted-id.random.bits=256",
					"time-sorted-id.entities.Session.prefix=sess", "time-sorted-id.entities.Session.algorithm=random",
					"time-sorted-id.entities.Post.prefix=article")
			.run(context -> {
				TimeSortedIdSettings settings = context.getBean(TimeSortedIdSettings.class);
				AlgorithmOptions options = settings.options();
				assertThat(settings.algorithm()).isEqualTo("ksuid");
				assertThat(settings.separator()).isEqualTo(":");
				assertThat(options.randomSource()).isSameAs(RandomSource.fast());
				assertThat(options.uuidv7Encoding()).isEqualTo(Uuidv7Encoding.BASE62);
				assertThat(options.kuuidMillisecond()).isTrue();
				assertThat(options.kuuidReverse()).isTrue();
				assertThat(options.couchdbUtcIdSuffix()).isEqualTo("@mycouch");
				assertThat(options.snowflakeEpoch()).isEqualTo(1420070400000L);
				assertThat(options.snowflakeNodeId()).isEqualTo(7);
				assertThat(options.snowflakeEncoding()).isEqualTo(SnowflakeEncoding.BASE32);
				assertThat(options.snowflakeMaxWait()).isEqualTo(Duration.ofMillis(250));
				assertThat(options.randomBits()).isEqualTo(256);
				assertThat(settings.entities()).containsOnlyKeys("Session", "Post");
				assertThat(settings.entities().get("Session").prefix()).isEqualTo("sess");
				assertThat(settings.entities().get("Session").algorithm()).isEqualTo("random");
				assertThat(settings.entities().get("Post").algorithm()).isNull();
				TimeSortedIdRegistry registry = context.getBean(TimeSortedIdRegistry.class);
				assertThat(registry.algorithm("random").bodyLength()).isEqualTo(43);
				assertThat(registry.algorithm("uuidv7").bodyLength()).isEqualTo(22);
				assertThat(((TimeOrderedIdAlgorithm) registry.algorithm("kuuid")).isDescending()).isTrue();
			});
	}

	@Test
	void aUserRandomSourceReplacesOurs() {
		RandomSource mine = () -> 4;
		this.runner.withBean(RandomSource.class, () -> mine)
			.run(context -> assertThat(context.getBean(TimeSortedIdSettings.class).options().randomSource()).isSameAs(mine));
	}

	@Test
	void aUniqueClockBeanIsTheClock() {
		Clock fixed = Clock.fixed(Instant.parse("2026-11-22T03:04:05.678Z"), ZoneOffset.UTC);
		this.runner.withBean(Clock.class, () -> fixed).run(context -> {
			TimeSortedIdRegistry registry = context.getBean(TimeSortedIdRegistry.class);
			TimeOrderedIdAlgorithm uuidv7 = (TimeOrderedIdAlgorithm) registry.algorithm("uuidv7");
			assertThat(uuidv7.instantOf(uuidv7.nextBody())).isEqualTo(fixed.instant());
		});
	}

	@Test
	void idAlgorithmBeansBecomeAlgorithmsUnderTheirName() {
		this.runner.withUserConfiguration(CustomAlgorithmConfiguration.class)
			.withPropertyValues("time-sorted-id.algorithm=short-ulid")
			.run(context -> {
				TimeSortedIdRegistry registry = context.getBean(TimeSortedIdRegistry.class);
				assertThat(registry.settings().algorithmNames()).endsWith("short-ulid");
				assertThat(registry.algorithm("short-ulid")).isSameAs(context.getBean(IdAlgorithm.class));
			});
	}

	@Test
	void userSettingsAndRegistryReplaceOurs() {
		TimeSortedIdSettings mine = TimeSortedIdSettings.builder().algorithm("ulid").build();
		this.runner.withBean(TimeSortedIdSettings.class, () -> mine)
			.run(context -> assertThat(context.getBean(TimeSortedIdRegistry.class).settings()).isSameAs(mine));
		TimeSortedIdRegistry registry = new TimeSortedIdRegistry(mine);
		this.runner.withBean(TimeSortedIdRegistry.class, () -> registry)
			.run(context -> assertThat(context.getBean(TimeSortedIdRegistry.class)).isSameAs(registry));
	}

	@Test
	void theRegistryTravelsToHibernateThroughItsProperties() {
		this.runner.run(context -> {
			Map<String, Object> hibernateProperties = new HashMap<>();
			context.getBeanProvider(HibernatePropertiesCustomizer.class).forEach(customizer -> customizer.customize(hibernateProperties));
			assertThat(hibernateProperties).containsEntry(TimeSortedIdRegistry.SETTING,
					context.getBean(TimeSortedIdRegistry.class));
		});
	}

	@Test
	void withoutHibernateTheRegistryServesSpringDataJdbcAlone() {
		this.runner.withClassLoader(new FilteredClassLoader("org.hibernate", "org.springframework.boot.hibernate",
				"org.springframework.orm.jpa", "jakarta.persistence"))
			.run(context -> assertThat(context).hasNotFailed()
				.hasSingleBean(TimeSortedIdRegistry.class)
				.hasSingleBean(TimeSortedIdSettings.class)
				.doesNotHaveBean(HibernatePropertiesCustomizer.class));
	}

	@Test
	void badPropertyValuesFailTheContextNamingTheProperty() {
		assertStartupFailure("time-sorted-id.algorithm=uuid7", "time-sorted-id.algorithm",
				"unknown algorithm; valid names are uuidv7, ulid, kuuid, ksuid, hex-ulid, couchdb-random, "
						+ "couchdb-sequential, couchdb-utc-random, couchdb-utc-id, snowflake, objectid, random");
		assertStartupFailure("time-sorted-id.entities.Session.algorithm=rand", "time-sorted-id.entities.Session.algorithm",
				"unknown algorithm");
		assertStartupFailure("time-sorted-id.snowflake.node-id=1024", "time-sorted-id.snowflake.node-id",
				"use a node ID from 0 to 1023 (10 bits)");
		assertStartupFailure("time-sorted-id.random.bits=64", "time-sorted-id.random.bits", "use 128 to 256 bits");
		assertStartupFailure("time-sorted-id.algorithm=couchdb-utc-id", "time-sorted-id.couchdb-utc-id.suffix",
				"couchdb-utc-id needs a suffix that tells instances apart, e.g. @mycouch");
		assertStartupFailure("time-sorted-id.entities.Post.prefix=Post-", "time-sorted-id.entities.Post.prefix",
				"a prefix has only lowercase letters a-z and '_', but has 'P' at index 0 (TypeID rules), e.g. post");
	}

	@Test
	void aSeparatorInTheBodyAlphabetFailsTheContext() {
		this.runner.withPropertyValues("time-sorted-id.separator=-", "time-sorted-id.uuidv7.encoding=canonical")
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidSettingException.class)
				.hasMessageContaining("'time-sorted-id.separator': '-' occurs in uuidv7 (canonical) bodies"));
	}

	private void assertStartupFailure(String property, String name, String reason) {
		this.runner.withPropertyValues(property).run(context -> {
			assertThat(context).hasFailed();
			Throwable cause = context.getStartupFailure();
			while (!(cause instanceof InvalidSettingException)) {
				cause = cause.getCause();
			}
			InvalidSettingException setting = (InvalidSettingException) cause;
			assertThat(setting.getProperty()).isEqualTo(name);
			assertThat(setting.getReason()).contains(reason);
			assertThat(new InvalidSettingFailureAnalyzer().analyze(context.getStartupFailure()).getAction())
				.startsWith("Update '" + name + "' in your application's configuration: ");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class CustomAlgorithmConfiguration {

		@Bean
		IdAlgorithm shortUlid() {
			IdAlgorithm ulid = IdAlgorithms.create("ulid", AlgorithmOptions.defaults());
			return new IdAlgorithm() {

				@Override
				public String name() {
					return "short-ulid";
				}

				@Override
				public int bodyLength() {
					return ulid.bodyLength();
				}

				@Override
				public boolean isCaseSensitive() {
					return false;
				}

				@Override
				public boolean isBodyCharacter(char c) {
					return ulid.isBodyCharacter(c);
				}

				@Override
				public void writeBody(byte[] dst, int offset) {
					ulid.writeBody(dst, offset);
				}

				@Override
				public void validateBody(CharSequence body) {
					ulid.validateBody(body);
				}

			};
		}

	}

}
