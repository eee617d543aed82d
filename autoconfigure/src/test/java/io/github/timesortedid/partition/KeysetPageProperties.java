package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.matrix.MxSnowflakeLong;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUuidv7;
import io.github.timesortedid.autoconfigure.fixtures.pruning.PruningApplication;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partition.PartitionPruningTests.Captured;
import io.github.timesortedid.query.TimeRangeRepository;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import jakarta.persistence.EntityManagerFactory;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.repository.support.Repositories;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keyset pages of partitioned tables, on PostgreSQL and MariaDB, against a plain {@code ORDER BY id}
 * of the same rows (JDBC, one statement on the whole table): every page is the next rows in ID
 * order, and every statement a page sends reads at most two partitions, as PostgreSQL's
 * {@code EXPLAIN (ANALYZE)} of its prepared form shows under generic and custom plans, and MariaDB's
 * {@code EXPLAIN PARTITIONS}. Monthly partitions from January to July 2026, rows before them (in the
 * default partition on PostgreSQL, the first one on MariaDB), in some months and not in others (March
 * to May are empty), and beyond the partitions made ahead (the default partition, {@code pmax}),
 * several at one millisecond; cursors of rows, of instants without rows, and none; pages of one row
 * and pages across many intervals.
 */
class KeysetPageProperties {

	private static final Instant NOW = Instant.parse("2026-01-15T00:00:00Z");

	/** The months rows are made in: before the partitions, in some of them, after the last one made ahead. */
	private static final List<String> MONTHS = List.of("2025-10", "2025-11", "2026-01", "2026-02", "2026-06", "2026-07",
			"2026-09", "2027-03");

	private static final List<Class<?>> ENTITIES = List.of(MxUuidv7.class, MxSnowflakeLong.class);

	private static final List<Captured> captured = new CopyOnWriteArrayList<>();

	private static final Map<Database, Shop> shops = new LinkedHashMap<>();

	@BeforeContainer
	static void start() {
		shops.put(Database.POSTGRESQL, Shop.start(Database.POSTGRESQL));
		shops.put(Database.MARIADB, Shop.start(Database.MARIADB));
	}

	@AfterContainer
	static void stop() {
		shops.values().forEach(shop -> shop.context().close());
	}

	@Provide
	Arbitrary<Database> databases() {
		return Arbitraries.of(Database.POSTGRESQL, Database.MARIADB);
	}

	@Provide
	Arbitrary<Class<?>> entities() {
		return Arbitraries.of(ENTITIES);
	}

	/**
	 * A cursor: the index of a row ({@code 0} to {@code rows - 1}), none ({@code -1}), or an instant
	 * of the months, and the few after, without a row of its own ({@code rows} and above).
	 */
	@Provide
	Arbitrary<Integer> cursors() {
		return Arbitraries.integers().between(-1, 400);
	}

	@Property(tries = 120)
	void aPageIsTheNextRowsInIdOrderAndEachOfItsStatementsReadsAtMostTwoPartitions(@ForAll("databases") Database database,
			@ForAll("entities") Class<?> entity, @ForAll boolean ascending, @ForAll("cursors") int cursor,
			@ForAll @IntRange(min = 1, max = 40) int limit) throws Exception {
		Shop shop = shops.get(database);
		List<Object> rows = shop.ids().get(entity);
		Object from = (cursor < 0) ? null : (cursor < rows.size()) ? rows.get(cursor) : shop.idWithoutRow(entity, cursor);
		captured.clear();
		List<Object> page = shop.page(entity, from, ascending, limit);
		List<Captured> statements = shop.statements(entity);
		assertThat(page).as("%s %s %s %s limit %s", database, entity.getSimpleName(), ascending ? "after" : "before", from,
				limit).containsExactlyElementsOf(shop.oracle(entity, from, ascending, limit));
		for (Captured statement : statements) {
			assertThat(shop.partitionsRead(statement)).as("%s: %s %s", database, statement.sql(), statement.parameters())
				.hasSizeLessThanOrEqualTo(2);
		}
	}

	/**
	 * The case of the issue: a page from the last row before three empty months, whose first window
	 * comes back short; prints the statements and the most partitions one of them reads.
	 */
	@Example
	void aWindowThatComesBackShortLeadsOnThroughWindowsOfTwoPartitions() throws Exception {
		for (Database database : shops.keySet()) {
			Shop shop = shops.get(database);
			for (Class<?> entity : ENTITIES) {
				List<Object> rows = shop.ids().get(entity);
				Object lastOfFebruary = rows.stream()
					.filter(id -> shop.field(entity).instantOf(id).isBefore(Instant.parse("2026-03-01T00:00:00Z")))
					.reduce((first, second) -> second)
					.orElseThrow();
				for (boolean ascending : new boolean[] { true, false }) {
					captured.clear();
					Object cursor = ascending ? lastOfFebruary : rows.get(rows.size() - 1);
					List<Object> page = shop.page(entity, cursor, ascending, rows.size());
					assertThat(page).containsExactlyElementsOf(shop.oracle(entity, cursor, ascending, rows.size()));
					int most = 0;
					for (Captured statement : shop.statements(entity)) {
						most = Math.max(most, shop.partitionsRead(statement).size());
					}
					System.out.println("keyset page: db=" + database.label() + " entity=" + entity.getSimpleName() + " "
							+ (ascending ? "after" : "before") + " rows=" + page.size() + " statements="
							+ shop.statements(entity).size() + " most_partitions=" + most);
					assertThat(most).isLessThanOrEqualTo(2);
				}
			}
		}
	}

	/**
	 * The application on a database of its own, with its rows made at instants of {@link #MONTHS}
	 * and their IDs in ID order.
	 */
	record Shop(Database database, ConfigurableApplicationContext context, DataSource raw, Map<Class<?>, List<Object>> ids) {

		static Shop start(Database database) {
			DataSource raw = database.newDatabase();
			DataSource recorded = ProxyDataSourceBuilder.create(raw).listener(new PartitionPruningTests.Recorder(captured)).build();
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("spring.jpa.hibernate.ddl-auto", "create");
			for (Class<?> entity : ENTITIES) {
				properties.put("time-sorted-id.partitions." + entity.getSimpleName() + ".interval", "month");
				properties.put("time-sorted-id.partitions." + entity.getSimpleName() + ".premake", 6);
			}
			ConfigurableApplicationContext context = new SpringApplicationBuilder(PruningApplication.class)
				.web(WebApplicationType.NONE)
				.initializers(ctx -> {
					ctx.getBeanFactory().registerSingleton("dataSource", recorded);
					ctx.getBeanFactory().registerSingleton("clock", new SettableClock(NOW));
				})
				.properties(properties)
				.run();
			Shop shop = new Shop(database, context, raw, new LinkedHashMap<>());
			JdbcTemplate jdbc = new JdbcTemplate(raw);
			Random random = new Random(35);
			for (Class<?> entity : ENTITIES) {
				IdField field = shop.field(entity);
				for (int seq = 0; seq < 60; seq++) {
					String month = MONTHS.get(random.nextInt(MONTHS.size()));
					Instant at = Instant.parse(month + "-01T00:00:00Z").plusSeconds(random.nextInt(27 * 86_400));
					// now and then several rows of one millisecond, minted apart
					int many = (random.nextInt(8) == 0) ? 3 : 1;
					for (int i = 0; i < many; i++) {
						jdbc.update("INSERT INTO " + shop.table(entity) + " (id, seq, payload) VALUES (?, ?, ?)",
								field.nextAt(at), seq, "row");
					}
				}
				shop.ids().put(entity, jdbc.queryForList("SELECT id FROM " + shop.table(entity) + " ORDER BY id",
						(Class<Object>) (Class<?>) field.javaType()));
			}
			return shop;
		}

		IdField field(Class<?> entity) {
			return this.context.getBean(TimeSortedIdRegistry.class).identifierOf(entity).orElseThrow();
		}

		String table(Class<?> entity) {
			return ((BasicValuedModelPart) this.context.getBean(EntityManagerFactory.class)
				.unwrap(SessionFactoryImplementor.class)
				.getMappingMetamodel()
				.findEntityDescriptor(entity)
				.getIdentifierMapping()).getContainingTableExpression();
		}

		/** An ID of an instant of the months, or of the weeks after them, that no row has. */
		Object idWithoutRow(Class<?> entity, int seed) {
			Instant at = Instant.parse(MONTHS.get(seed % MONTHS.size()) + "-01T00:00:00Z").plusSeconds(seed * 86_400L / 7);
			return field(entity).nextAt(at);
		}

		@SuppressWarnings("unchecked")
		List<Object> page(Class<?> entity, Object cursor, boolean ascending, int limit) {
			TimeRangeRepository<Object, Object> repository = (TimeRangeRepository<Object, Object>) new Repositories(this.context)
				.getRepositoryFor(entity)
				.orElseThrow();
			List<Object> page = ascending ? repository.findPageAfter(cursor, limit) : repository.findPageBefore(cursor, limit);
			return page.stream().map(row -> new org.springframework.beans.BeanWrapperImpl(row).getPropertyValue("id")).toList();
		}

		/** The same page by one statement on the whole table. */
		List<Object> oracle(Class<?> entity, Object cursor, boolean ascending, int limit) {
			String where = (cursor == null) ? "" : " WHERE id " + (ascending ? ">" : "<") + " ?";
			String sql = "SELECT id FROM " + table(entity) + where + " ORDER BY id " + (ascending ? "ASC" : "DESC") + " LIMIT "
					+ limit;
			@SuppressWarnings("unchecked")
			Class<Object> type = (Class<Object>) field(entity).javaType();
			JdbcTemplate jdbc = new JdbcTemplate(this.raw);
			return (cursor == null) ? jdbc.queryForList(sql, type) : jdbc.queryForList(sql, type, cursor);
		}

		/** The statements on the entity's table that the last call sent. */
		List<Captured> statements(Class<?> entity) {
			String table = table(entity);
			return captured.stream()
				.filter(statement -> statement.sql().toLowerCase().startsWith("select") && statement.sql().contains(table))
				.toList();
		}

		/**
		 * The partitions a statement reads: on PostgreSQL those its execution read, with generic and with
		 * custom plans together; on MariaDB those {@code EXPLAIN PARTITIONS} lists.
		 */
		Set<String> partitionsRead(Captured statement) throws Exception {
			Set<String> read = new TreeSet<>();
			if (this.database == Database.POSTGRESQL) {
				read.addAll(PartitionPruningTests.explain(this.raw, statement, "force_generic_plan"));
				read.addAll(PartitionPruningTests.explain(this.raw, statement, "force_custom_plan"));
				return read;
			}
			String sql = statement.sql();
			for (Object parameter : statement.parameters()) {
				sql = sql.replaceFirst("\\?", java.util.regex.Matcher.quoteReplacement(PartitionPruningTests.literal(parameter)));
			}
			for (Map<String, Object> row : new JdbcTemplate(this.raw).queryForList("EXPLAIN PARTITIONS " + sql)) {
				Object partitions = row.get("partitions");
				if (partitions != null) {
					read.addAll(List.of(partitions.toString().split(",")));
				}
			}
			return read;
		}

	}

}
