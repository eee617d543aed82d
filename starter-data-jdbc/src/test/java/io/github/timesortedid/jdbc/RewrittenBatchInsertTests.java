package io.github.timesortedid.jdbc;

import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.jdbc.orders.OrderApplication;
import io.github.timesortedid.jdbc.orders.OrderLine;
import io.github.timesortedid.jdbc.orders.OrderRepository;
import io.github.timesortedid.jdbc.orders.PurchaseOrder;
import io.github.timesortedid.testsupport.Database;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The order aggregate on PostgreSQL with PgJDBC's {@code reWriteBatchedInserts=true} set on Spring
 * Boot's pool ({@code application-rewritten.yml}), which the guide suggests for {@code saveAll}: the driver sends a JDBC batch of INSERTs as multi-row INSERTs and
 * answers {@link Statement#SUCCESS_NO_INFO} for each row instead of its count. {@code saveAll} of new
 * aggregates, of IDs minted ahead beside aggregates already stored, and retry-safe inserts with their
 * replays and conflicts all hold with it.
 */
class RewrittenBatchInsertTests {

	private static ConfigurableApplicationContext shop;

	/** What PgJDBC answered to each batch, by the table its INSERT writes. */
	private static final Map<String, List<Integer>> batchAnswers = new ConcurrentHashMap<>();

	@BeforeAll
	static void start() throws Exception {
		PGSimpleDataSource postgres = (PGSimpleDataSource) Database.POSTGRESQL.newDatabase();
		DataJdbcContexts.create(postgres, OrderApplication.DDL);
		// Spring Boot's pool, configured by application-rewritten.yml, as an application has it
		shop = new SpringApplicationBuilder(RewrittenShop.class).web(WebApplicationType.NONE)
			.profiles("rewritten")
			.properties("spring.datasource.url=" + postgres.getUrl(), "spring.datasource.username=" + postgres.getUser())
			.run();
	}

	/** The shop over Spring Boot's data source, each batch's answers recorded behind the pool. */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(DataSourceAutoConfiguration.class)
	@Import(OrderApplication.class)
	static class RewrittenShop {

		@Bean
		static BeanPostProcessor recordBatchAnswers() {
			return new BeanPostProcessor() {

				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					return (bean instanceof DataSource pool) ? ProxyDataSourceBuilder.create(pool).afterQuery((execution, queries) -> {
						if (execution.isBatch() && execution.getResult() instanceof int[] answers) {
							String sql = queries.get(0).getQuery().toLowerCase(Locale.ROOT);
							String table = sql.replaceFirst("(?s)^\\s*insert into \"?(\\w+)\"?.*", "$1");
							batchAnswers.computeIfAbsent(table, name -> new ArrayList<>())
								.addAll(Arrays.stream(answers).boxed().toList());
						}
					}).build() : bean;
				}

			};
		}

	}

	@AfterAll
	static void stop() {
		shop.close();
	}

	@BeforeEach
	void forgetAnswers() {
		batchAnswers.clear();
	}

	@Test
	void saveAllOfNewAggregatesStoresEachWholeInRewrittenBatches() {
		OrderRepository orders = shop.getBean(OrderRepository.class);
		List<PurchaseOrder> saved = new ArrayList<>();
		orders.saveAll(IntStream.range(0, 50).mapToObj(n -> AggregateInsertTests.order(null)).toList()).forEach(saved::add);
		// the driver rewrote the orders' batch: no row counts came back, so the batch was one statement
		assertThat(batchAnswers.get("purchase_order")).hasSize(50).containsOnly(Statement.SUCCESS_NO_INFO);
		assertThat(batchAnswers.get("order_line")).hasSize(100).containsOnly(Statement.SUCCESS_NO_INFO);
		JdbcTemplate jdbc = shop.getBean(JdbcTemplate.class);
		for (PurchaseOrder order : saved) {
			assertThat(order.getId()).startsWith("ord_");
			PurchaseOrder found = orders.findById(order.getId()).orElseThrow();
			assertThat(found.getLines()).extracting(OrderLine::getProduct, OrderLine::getQuantity)
				.containsExactly(tuple("tea", 2), tuple("cups", 6));
			assertThat(found.getTags()).hasSize(2);
			assertThat(found.getAttributes()).containsOnlyKeys("color");
			assertThat(jdbc.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class,
					order.getId())).isEqualTo(2);
		}
	}

	@Test
	void saveAllOfIdsMintedAheadBesideStoredAggregatesInsertsTheNewAndUpdatesTheOld() {
		OrderRepository orders = shop.getBean(OrderRepository.class);
		PurchaseOrder stored = orders.save(AggregateInsertTests.order(null));
		stored.setCustomer("Grace");
		List<PurchaseOrder> ahead = IntStream.range(0, 20)
			.mapToObj(n -> AggregateInsertTests.order(shop.getBean(TimeSortedIds.class).next(PurchaseOrder.class)))
			.toList();
		List<PurchaseOrder> batch = new ArrayList<>(ahead);
		batch.add(10, stored);
		orders.saveAll(batch);
		assertThat(batchAnswers.get("purchase_order")).hasSize(20).containsOnly(Statement.SUCCESS_NO_INFO);
		assertThat(orders.findById(stored.getId()).orElseThrow().getCustomer()).isEqualTo("Grace");
		JdbcTemplate jdbc = shop.getBean(JdbcTemplate.class);
		assertThat(jdbc.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class,
				stored.getId())).isEqualTo(2);
		for (PurchaseOrder order : ahead) {
			assertThat(orders.findById(order.getId())).get().extracting(PurchaseOrder::getCustomer).isEqualTo("Ada");
			assertThat(jdbc.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class,
					order.getId())).isEqualTo(2);
		}
	}

	@Test
	void aRetrySafeInsertReplaysAndReportsConflictsWithoutDuplicateChildren() {
		OrderRepository orders = shop.getBean(OrderRepository.class);
		String id = orders.insert(AggregateInsertTests.order(null)).entity().getId();
		assertThat(batchAnswers.get("order_line")).containsOnly(Statement.SUCCESS_NO_INFO);
		assertThat(orders.insert(AggregateInsertTests.order(id)).alreadyExisted()).isTrue();
		PurchaseOrder changed = AggregateInsertTests.order(id);
		changed.getLines().get(0).setQuantity(3);
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> orders.insert(changed))
			.satisfies(conflict -> assertThat(conflict.getDifferingAttributes()).containsExactly("lines[0].quantity"));
		assertThat(shop.getBean(JdbcTemplate.class)
			.queryForObject("select count(*) from order_line where purchase_order = ?", Integer.class, id)).isEqualTo(2);
	}

}
