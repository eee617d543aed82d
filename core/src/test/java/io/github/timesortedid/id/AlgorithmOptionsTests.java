package io.github.timesortedid.id;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.timesortedid.config.NodeLeaseProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class AlgorithmOptionsTests {

	@Test
	void defaultsAreThoseOfTheDesign() {
		AlgorithmOptions defaults = AlgorithmOptions.defaults();
		assertThat(defaults.uuidv7Encoding()).isEqualTo(Uuidv7Encoding.BASE32);
		assertThat(defaults.randomSource().isSecure()).isTrue();
		assertThat(defaults.snowflakeEpoch()).isEqualTo(1288834974657L);
		assertThat(defaults.snowflakeNodeId()).isZero();
		assertThat(defaults.snowflakeEncoding()).isEqualTo(SnowflakeEncoding.DECIMAL);
		assertThat(defaults.randomBits()).isEqualTo(128);
		assertThat(defaults.kuuidMillisecond()).isFalse();
		assertThat(defaults.kuuidReverse()).isFalse();
		assertThat(defaults.couchdbUtcIdSuffix()).isNull();
		assertThat(defaults.toBuilder().build().snowflakeMaxWait()).isEqualTo(defaults.snowflakeMaxWait());
		assertThat(new NodeLeaseProperties().getMaxNode()).as("leased nodes by default: every node the layout holds")
			.isEqualTo(AlgorithmOptions.MAX_NODE_ID);
	}

	@Test
	void badValuesNameThePropertyAndTheValidRange() {
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> AlgorithmOptions.builder().snowflakeNodeId(1024).build())
			.withMessage("Invalid value '1024' for property 'time-sorted-id.snowflake.node-id': use a node ID from 0 to 1023 (10 bits)");
		assertThatExceptionOfType(InvalidSettingException.class).isThrownBy(() -> AlgorithmOptions.builder().snowflakeNodeId(-1).build())
			.satisfies(ex -> assertThat(ex.getProperty()).isEqualTo("time-sorted-id.snowflake.node-id"));
		assertThatExceptionOfType(InvalidSettingException.class).isThrownBy(() -> AlgorithmOptions.builder().randomBits(64).build())
			.withMessageContaining("'time-sorted-id.random.bits': use 128 to 256 bits");
		assertThatExceptionOfType(InvalidSettingException.class).isThrownBy(() -> AlgorithmOptions.builder().randomBits(257).build())
			.satisfies(ex -> assertThat(ex.getValue()).isEqualTo(257));
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> AlgorithmOptions.builder().couchdbUtcIdSuffix("@my couch").build())
			.withMessageContaining("'time-sorted-id.couchdb-utc-id.suffix': use printable ASCII characters without spaces");
		assertThatExceptionOfType(InvalidSettingException.class).isThrownBy(() -> AlgorithmOptions.builder().snowflakeEpoch(-5).build())
			.withMessageContaining("time-sorted-id.snowflake.epoch");
	}

	@Test
	void unknownAlgorithmsListTheValidNames() {
		assertThatExceptionOfType(InvalidSettingException.class)
			.isThrownBy(() -> IdAlgorithms.create("uuid7", AlgorithmOptions.defaults()))
			.withMessage("Invalid value 'uuid7' for property 'time-sorted-id.algorithm': unknown algorithm; valid names are "
					+ "uuidv7, ulid, kuuid, ksuid, hex-ulid, couchdb-random, couchdb-sequential, couchdb-utc-random, "
					+ "couchdb-utc-id, snowflake, objectid, random");
	}

	@Test
	void theCoreReadsItsSettingsAndMakesIdsWithoutSpringOnTheClasspath() throws Exception {
		// spring-boot is an optional dependency of the core, for the @ConfigurationProperties annotation
		// only: a plain Hibernate application has no Spring jar, so the core is loaded here without any
		String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
		List<URL> withoutSpring = new ArrayList<>();
		for (String entry : classPath.split(File.pathSeparator)) {
			if (!entry.isEmpty() && !entry.contains("springframework")) {
				withoutSpring.add(Path.of(entry).toUri().toURL());
			}
		}
		try (URLClassLoader plain = new URLClassLoader(withoutSpring.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
			assertThatExceptionOfType(ClassNotFoundException.class)
				.isThrownBy(() -> Class.forName("org.springframework.core.SpringVersion", false, plain));
			Class<?> properties = Class.forName("io.github.timesortedid.config.TimeSortedIdProperties", true, plain);
			Object bound = properties.getMethod("bind", Map.class)
				.invoke(null, Map.of("time-sorted-id.snowflake.max-wait", "2m", "time-sorted-id.uuidv7.encoding", "hex"));
			Class<?> options = Class.forName("io.github.timesortedid.id.AlgorithmOptions", true, plain);
			Object builder = options.getMethod("builder").invoke(null);
			Object built = builder.getClass().getMethod("build").invoke(builder.getClass().getMethod("apply", properties).invoke(builder, bound));
			assertThat(options.getMethod("snowflakeMaxWait").invoke(built)).isEqualTo(Duration.ofMinutes(2));
			Object uuidv7 = Class.forName("io.github.timesortedid.id.IdAlgorithms", true, plain)
				.getMethod("create", String.class, options)
				.invoke(null, "uuidv7", built);
			assertThat((String) uuidv7.getClass().getMethod("nextBody").invoke(uuidv7)).matches("[0-9a-f]{32}");
		}
	}

}
