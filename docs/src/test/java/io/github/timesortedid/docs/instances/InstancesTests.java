package io.github.timesortedid.docs.instances;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's ways of giving each instance its node: leased ({@code auto}), from the StatefulSet
 * pod's name ({@code pod-ordinal}), the Kubernetes manifest's environment as Spring Boot reads it,
 * and a lease table made by the application's own migration.
 */
class InstancesTests {

	@Test
	void autoLeasesAFreeNode() {
		try (ConfigurableApplicationContext context = start("config/node-lease.yml", Map.of(), h2())) {
			long node = node(context);
			assertThat(node).isBetween(0L, 1023L);
			assertThat(context.getBean(NoteRepository.class).save(new Note()).getId())
				.endsWith("@" + String.format("%03x", node));
		}
	}

	@Test
	void podOrdinalTakesTheNodeFromThePodName() {
		try (ConfigurableApplicationContext context = start("config/pod-ordinal.yml", Map.of("HOSTNAME", "orders-7"),
				h2())) {
			assertThat(node(context)).isEqualTo(7);
			assertThat(context.getBean(NoteRepository.class).save(new Note()).getId()).endsWith("@007");
		}
	}

	@Test
	@SuppressWarnings("unchecked")
	void theStatefulSetsEnvironmentSetsTheNode() throws Exception {
		Map<String, Object> manifest;
		try (var in = new ClassPathResource("kubernetes/statefulset.yaml").getInputStream()) {
			manifest = new Yaml().load(in);
		}
		Map<String, Object> spec = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) manifest
			.get("spec")).get("template")).get("spec");
		List<Map<String, Object>> env = (List<Map<String, Object>>) ((List<Map<String, Object>>) spec.get("containers"))
			.get(0)
			.get("env");
		Map<String, Object> variables = new LinkedHashMap<>();
		for (Map<String, Object> variable : env) {
			// the downward API gives POD_NAME the pod's name, here the third pod's
			variables.put((String) variable.get("name"), variable.containsKey("value") ? variable.get("value") : "orders-2");
		}
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(InstancesApplication.class)
			.web(WebApplicationType.NONE)
			// named as Spring Boot names the process environment, so that it maps TIMESORTEDID_SNOWFLAKE_NODEID
			.initializers(ctx -> ctx.getEnvironment().getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource("pod-systemEnvironment", variables)))
			.properties(h2())
			.run()) {
			assertThat(node(context)).isEqualTo(2);
			assertThat(context.getBean(NoteRepository.class).save(new Note()).getId()).endsWith("@002");
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "H2", "POSTGRESQL" })
	void aLeaseTableFromAMigrationServes(Database database) {
		DataSource dataSource = database.newDatabase();
		new ResourceDatabasePopulator(new ClassPathResource("sql/node-lease.sql")).execute(dataSource);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(InstancesApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("spring.config.import=classpath:config/node-lease.yml", "spring.jpa.hibernate.ddl-auto=create")
			.run()) {
			long node = node(context);
			assertThat(new JdbcTemplate(dataSource).queryForList("SELECT node_id FROM time_sorted_id_node_lease", Long.class))
				.containsExactly(node);
		}
	}

	private static ConfigurableApplicationContext start(String config, Map<String, Object> environment,
			Map<String, Object> properties) {
		Map<String, Object> all = new HashMap<>(properties);
		all.putAll(environment);
		all.put("spring.config.import", "classpath:" + config);
		return new SpringApplicationBuilder(InstancesApplication.class).web(WebApplicationType.NONE).properties(all).run();
	}

	private static Map<String, Object> h2() {
		return Map.of("spring.datasource.url", "jdbc:h2:mem:" + System.nanoTime());
	}

	/** The node a snowflake ID was made by: its 10 bits above the 12-bit sequence. */
	private static long node(ConfigurableApplicationContext context) {
		long id = context.getBean(EventRepository.class).save(new Event()).getId();
		return (id >>> 12) & 0x3FF;
	}

}
