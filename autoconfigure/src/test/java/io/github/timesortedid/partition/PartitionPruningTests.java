package io.github.timesortedid.partition;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

import javax.sql.DataSource;

import io.github.timesortedid.TypedIds;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchUtcRandom;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKsuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKuuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxObjectId;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxSnowflakeLong;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUlid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUuidv7;
import io.github.timesortedid.autoconfigure.fixtures.pruning.MxUlidRepository;
import io.github.timesortedid.autoconfigure.fixtures.pruning.MxUuidv7Repository;
import io.github.timesortedid.autoconfigure.fixtures.pruning.PruningApplication;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.query.TimeRangeRepository;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import jakarta.persistence.EntityManagerFactory;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.proxy.ParameterSetOperation;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.repository.support.Repositories;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Partition pruning on PostgreSQL, proven by {@code EXPLAIN ANALYZE} of the statements Hibernate
 * sends, as Hibernate sends them: the SQL text and the parameter values captured from the JDBC
 * driver, prepared ({@code PREPARE}) and executed with generic plans forced and with custom plans
 * forced ({@code plan_cache_mode}), so that run-time pruning (a generic plan prunes when the
 * executor starts) and plan-time pruning are both shown. Fourteen monthly partitions and a default
 * one per table; for {@code findById}, {@code findAllById} of IDs of one month and {@code IdResolver}
 * one partition is scanned, for a time range inside a month one, for a keyset page at most two.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PartitionPruningTests {

	private static final List<Class<?>> ENTITIES = List.of(MxUuidv7.class, MxUlid.class, MxKsuid.class, MxKuuid.class,
			MxObjectId.class, MxCouchUtcRandom.class, MxSnowflakeLong.class);

	private static final LocalDate FIRST_MONTH = LocalDate.of(2025, 1, 1);

	private static final int MONTHS = 14;

	private static final List<Captured> captured = new CopyOnWriteArrayList<>();

	/** The same entities with their IDs as text, then as binary (a Long is a bigint either way). */
	private static final Map<String, Blog> blogs = new LinkedHashMap<>();

	@BeforeAll
	static void start() {
		blogs.put("text", Blog.start("text"));
		blogs.put("binary", Blog.start("binary"));
	}

	@AfterAll
	static void stop() {
		blogs.values().forEach(blog -> blog.context().close());
	}

	@Test
	@Order(0)
	void eachStatementScansOnlyThePartitionsThatCanHoldItsRows() throws Exception {
		for (Case each : cases()) {
			Blog blog = each.blog();
			Class<?> entity = each.entity();
			String storage = each.storage();
			IdResolver resolver = blog.context().getBean(IdResolver.class);
			JpaRepository<Object, Object> repository = each.repository();
			@SuppressWarnings("unchecked")
			TimeRangeRepository<Object, Object> timeRange = (TimeRangeRepository<Object, Object>) repository;
			List<Object> all = blog.ids().get(entity);
			// the rows of the seventh month, July 2025
			List<Object> july = all.subList(6 * 5, 7 * 5);
			String table = blog.table(entity);
			int partitions = blog.partitionCount(table);
			assertThat(partitions).isGreaterThanOrEqualTo(12);

			int byId = scanned(blog, table, () -> repository.findById(july.get(2)));
			int resolved = scanned(blog, table, () -> resolver.find(TypedIds.text(july.get(3))));
			int allById = scanned(blog, table, () -> repository.findAllById(List.of(july.get(0), july.get(2), july.get(4))));
			Instant day = LocalDate.of(2025, 7, 17).atStartOfDay().toInstant(ZoneOffset.UTC);
			int range = scanned(blog, table, () -> timeRange.findCreatedBetween(day, day.plusSeconds(86_400)));
			int after = scanned(blog, table, () -> timeRange.findPageAfter(july.get(3), 3));
			int before = scanned(blog, table, () -> timeRange.findPageBefore(july.get(1), 3));
			System.out.println("partition pruning: db=postgresql algorithm=" + blog.algorithm(entity) + " storage="
					+ storage + " partitions=" + partitions + " by_id="
					+ Math.max(byId, Math.max(resolved, allById)) + " range=" + range + " keyset=" + Math.max(after, before));
			String name = entity.getSimpleName() + " " + storage;
			assertThat(byId).as("findById of %s", name).isEqualTo(1);
			assertThat(resolved).as("IdResolver.find of %s", name).isEqualTo(1);
			assertThat(allById).as("findAllById of three IDs of one month, %s", name).isEqualTo(1);
			assertThat(range).as("a day's range of %s", name).isEqualTo(1);
			assertThat(after).as("the page after a row of %s", name).isBetween(1, 2);
			assertThat(before).as("the page before a row of %s", name).isBetween(1, 2);
			// the pages read in windows are the pages: the next rows in ID order, across a partition's end
			assertThat(timeRange.findPageAfter(july.get(3), 3)).extracting(PartitionPruningTests::id)
				.containsExactly(july.get(4), all.get(7 * 5), all.get(7 * 5 + 1));
			assertThat(timeRange.findPageBefore(july.get(1), 3)).extracting(PartitionPruningTests::id)
				.containsExactly(july.get(0), all.get(6 * 5 - 1), all.get(6 * 5 - 2));
		}
	}

	/**
	 * A lookup by ID is planned once per interval, as on a table of one piece: its statement carries
	 * the bounds of the ID's month, so the generic plan PostgreSQL makes holds the month's partition
	 * alone, and with PostgreSQL's default plan cache mode ({@code auto}) it keeps that plan instead of
	 * planning every lookup (which it does for {@code id = ?} alone, whose generic plan holds every
	 * partition). Every row is found, in every month, in the default partition, and by an ID in a form
	 * its interval's bounds do not hold.
	 */
	@Test
	@Order(1)
	void aLookupByIdKeepsAGenericPlanOfOnePartitionAndFindsEveryRow() throws Exception {
		for (Case each : cases()) {
			Blog blog = each.blog();
			Class<?> entity = each.entity();
			JpaRepository<Object, Object> repository = each.repository();
			String name = entity.getSimpleName() + " " + each.storage();
			String table = blog.table(entity);
			List<Object> july = blog.ids().get(entity).subList(6 * 5, 7 * 5);
			captured.clear();
			assertThat(repository.findById(july.get(2))).as("findById of %s", name).isPresent();
			Captured lookup = captured.stream()
				.filter(statement -> statement.sql().toLowerCase().startsWith("select") && statement.sql().contains(table))
				.findFirst()
				.orElseThrow();
			assertThat(planned(blog.raw(), lookup)).as("relations of the generic plan of %s: %s", name, lookup.sql())
				.containsExactly(table + "_p202507");
			IdField field = blog.context().getBean(TimeSortedIdRegistry.class).identifierOf(entity).orElseThrow();
			assertThat(genericPlans(blog.raw(), lookup, july.stream().map(id -> stored(field, id)).toList()))
				.as("generic plans of 8 lookups in July, %s", name)
				.isGreaterThanOrEqualTo(2);
			for (Object id : blog.ids().get(entity)) {
				assertThat(repository.findById(id)).as("%s %s", name, id).map(PartitionPruningTests::id).contains(id);
			}
			assertThat(repository.findById(field.lowest(Instant.parse("2025-07-05T00:00:00Z")))).as("an ID of no row, %s", name)
				.isEmpty();
			// beyond the partitions made ahead: the default partition holds it
			Object later = field.lowest(Instant.parse("2027-06-15T12:00:00Z"));
			JdbcTemplate jdbc = new JdbcTemplate(blog.raw());
			jdbc.update("INSERT INTO " + table + " (id, seq, payload) VALUES (?, ?, ?)", stored(field, later), -1, "later");
			assertThat(jdbc.queryForObject("SELECT count(*) FROM " + table + "_default WHERE id = ?", Integer.class,
					stored(field, later))).isOne();
			assertThat(repository.findById(later)).as("a row of the default partition, %s", name)
				.map(PartitionPruningTests::id)
				.contains(later);
			jdbc.update("DELETE FROM " + table + " WHERE id = ?", stored(field, later));
		}
	}

	/**
	 * Each entity in each storage, with its repository; a {@code Long} is a {@code bigint} whatever
	 * the storage, so it is measured with text alone.
	 */
	private static List<Case> cases() {
		List<Case> cases = new ArrayList<>();
		blogs.forEach((storage, blog) -> {
			Repositories repositories = new Repositories(blog.context());
			for (Class<?> entity : ENTITIES) {
				if (!(storage.equals("binary") && entity == MxSnowflakeLong.class)) {
					@SuppressWarnings("unchecked")
					JpaRepository<Object, Object> repository = (JpaRepository<Object, Object>) repositories
						.getRepositoryFor(entity).orElseThrow();
					cases.add(new Case(storage, blog, entity, repository));
				}
			}
		});
		return cases;
	}

	/**
	 * One entity in one storage.
	 * @param storage text or binary
	 * @param blog the application
	 * @param entity the entity class
	 * @param repository its repository
	 */
	private record Case(String storage, Blog blog, Class<?> entity, JpaRepository<Object, Object> repository) {
	}

	/**
	 * An ID stored in a form its interval's bounds do not hold (a ULID's body in small letters, which
	 * Crockford's base 32 reads like the capitals the ULID spec writes, but which sorts above every
	 * body in capitals) is found by its lookup, which gets no bounds.
	 */
	@Test
	@Order(1)
	void anIdOutsideItsIntervalsBoundsIsFoundAsBefore() {
		Blog blog = blogs.get("text");
		MxUlidRepository repository = blog.context().getBean(MxUlidRepository.class);
		String july = (String) blog.ids().get(MxUlid.class).get(6 * 5 + 2);
		String small = july.substring(0, july.indexOf('_') + 1) + july.substring(july.indexOf('_') + 1).toLowerCase();
		assertThat(small).isNotEqualTo(july);
		String table = blog.table(MxUlid.class);
		JdbcTemplate jdbc = new JdbcTemplate(blog.raw());
		jdbc.update("INSERT INTO " + table + " (id, seq, payload) VALUES (?, ?, ?)", small, -2, "small letters");
		try {
			assertThat(jdbc.queryForObject("SELECT tableoid::regclass::text FROM " + table + " WHERE id = ?", String.class,
					small)).isNotEqualTo(table + "_p202507");
			assertThat(repository.findById(small)).map(MxUlid::getId).contains(small);
		}
		finally {
			jdbc.update("DELETE FROM " + table + " WHERE id = ?", small);
		}
	}

	/**
	 * The relations a generic plan of the statement reads, and how many partitions it held but
	 * pruned when the executor started ({@code EXPLAIN EXECUTE} shows a plan after that pruning).
	 */
	static Set<String> planned(DataSource raw, Captured statement) throws Exception {
		return relations(raw, statement, "force_generic_plan", false);
	}

	/**
	 * Executes the statement eight times with IDs of its month under PostgreSQL's default plan cache
	 * mode and returns how many of them ran a generic plan ({@code pg_prepared_statements}).
	 */
	private static long genericPlans(DataSource raw, Captured statement, List<Object> ids) throws Exception {
		try (Connection connection = raw.getConnection(); Statement jdbc = connection.createStatement()) {
			jdbc.execute("SET plan_cache_mode = auto");
			jdbc.execute("PREPARE lookup AS " + numbered(statement.sql()));
			try {
				for (int i = 0; i < 8; i++) {
					List<Object> parameters = new ArrayList<>(statement.parameters());
					parameters.set(0, ids.get(i % ids.size()));
					try (ResultSet rows = jdbc.executeQuery("EXECUTE lookup(" + String.join(", ",
							parameters.stream().map(PartitionPruningTests::literal).toList()) + ")")) {
						assertThat(rows.next()).as("row %s", ids.get(i % ids.size())).isTrue();
					}
				}
				try (ResultSet plans = jdbc.executeQuery("SELECT generic_plans FROM pg_prepared_statements WHERE name = 'lookup'")) {
					plans.next();
					return plans.getLong(1);
				}
			}
			finally {
				jdbc.execute("DEALLOCATE lookup");
			}
		}
	}

	private static String numbered(String sql) {
		StringBuilder numbered = new StringBuilder();
		int parameter = 0;
		for (char c : sql.toCharArray()) {
			numbered.append((c == '?') ? "$" + (++parameter) : String.valueOf(c));
		}
		return numbered.toString();
	}

	@Test
	@Order(2) // it deletes rows
	void aKeysetPageLeapsOverMonthsWithoutRows() {
		Blog blog = blogs.get("text");
		MxUuidv7Repository repository = blog.context().getBean(MxUuidv7Repository.class);
		List<Object> all = blog.ids().get(MxUuidv7.class);
		// no rows from August to October 2025
		new JdbcTemplate(blog.raw()).update("DELETE FROM " + blog.table(MxUuidv7.class) + " WHERE id >= ? AND id < ?",
				all.get(7 * 5), all.get(10 * 5));
		assertThat(repository.findPageAfter((String) all.get(7 * 5 - 1), 2)).extracting(MxUuidv7::getId)
			.containsExactly((String) all.get(10 * 5), (String) all.get(10 * 5 + 1));
		assertThat(repository.findPageBefore((String) all.get(10 * 5), 2)).extracting(MxUuidv7::getId)
			.containsExactly((String) all.get(7 * 5 - 1), (String) all.get(7 * 5 - 2));
		assertThat(repository.findPageAfter((String) all.get(all.size() - 2), 5)).extracting(MxUuidv7::getId)
			.containsExactly((String) all.get(all.size() - 1));
		assertThat(repository.findPageBefore((String) all.get(1), 5)).extracting(MxUuidv7::getId)
			.containsExactly((String) all.get(0));
	}

	private static Object id(Object entity) {
		return new org.springframework.beans.BeanWrapperImpl(entity).getPropertyValue("id");
	}

	/**
	 * Runs a call, takes the statements on the table it sent, and returns the most partitions any of
	 * them scans, with a generic plan and with a custom plan.
	 */
	private static int scanned(Blog blog, String table, Supplier<?> call) throws Exception {
		captured.clear();
		call.get();
		List<Captured> selects = captured.stream()
			.filter(statement -> statement.sql().toLowerCase().startsWith("select") && statement.sql().contains(table))
			.toList();
		assertThat(selects).as("statements on %s", table).isNotEmpty();
		int most = 0;
		for (Captured select : selects) {
			for (String mode : List.of("force_generic_plan", "force_custom_plan")) {
				Set<String> relations = explain(blog.raw(), select, mode);
				assertThat(relations).as("%s (%s): %s", select.sql(), mode, relations)
					.allMatch(relation -> relation.startsWith(table + "_"));
				most = Math.max(most, relations.size());
			}
		}
		return most;
	}

	/** The partitions an execution of the statement reads, by {@code EXPLAIN (ANALYZE)} of its prepared form. */
	static Set<String> explain(DataSource raw, Captured statement, String mode) throws Exception {
		return relations(raw, statement, mode, true);
	}

	/**
	 * The relations in the plan of the statement's prepared form under a plan cache mode: those an
	 * execution read ({@code analyze}), or those the plan holds after the executor's start, with the
	 * partitions it pruned then.
	 */
	private static Set<String> relations(DataSource raw, Captured statement, String mode, boolean analyze) throws Exception {
		List<String> values = statement.parameters().stream().map(PartitionPruningTests::literal).toList();
		try (Connection connection = raw.getConnection(); Statement jdbc = connection.createStatement()) {
			jdbc.execute("SET plan_cache_mode = " + mode);
			jdbc.execute("PREPARE pruned AS " + numbered(statement.sql()));
			try (ResultSet plan = jdbc.executeQuery("EXPLAIN (" + (analyze ? "ANALYZE, " : "") + "FORMAT JSON) EXECUTE pruned"
					+ (values.isEmpty() ? "" : "(" + String.join(", ", values) + ")"))) {
				plan.next();
				Set<String> relations = new TreeSet<>();
				collect(new ObjectMapper().readTree(plan.getString(1)).get(0).get("Plan"), relations, analyze);
				return relations;
			}
			finally {
				jdbc.execute("DEALLOCATE pruned");
			}
		}
	}

	private static void collect(JsonNode node, Set<String> relations, boolean analyze) {
		if (node.has("Relation Name") && (!analyze || node.get("Actual Loops").asLong() > 0)) {
			relations.add(node.get("Relation Name").asString());
		}
		if (!analyze && node.has("Subplans Removed") && node.get("Subplans Removed").asInt() > 0) {
			// pruned as the executor started: the plan held those partitions, and locked them
			relations.add(node.get("Subplans Removed").asInt() + " partitions pruned at run time");
		}
		if (node.has("Plans")) {
			node.get("Plans").forEach(child -> collect(child, relations, analyze));
		}
	}

	static String literal(Object value) {
		if (value instanceof Number) {
			return value.toString();
		}
		if (value instanceof byte[] bytes) {
			return "'\\x" + HexFormat.of().formatHex(bytes) + "'";
		}
		if (value instanceof Object[] array) {
			return "ARRAY[" + String.join(", ", java.util.Arrays.stream(array).map(PartitionPruningTests::literal).toList()) + "]";
		}
		if (value instanceof java.sql.Array array) {
			try {
				return literal(array.getArray());
			}
			catch (java.sql.SQLException ex) {
				throw new IllegalStateException(ex);
			}
		}
		return "'" + value.toString().replace("'", "''") + "'";
	}

	private static Object stored(IdField field, Object id) {
		if (field.binary() == null) {
			return id;
		}
		// PostgreSQL keeps 16-byte bodies in uuid, others in bytea
		return field.binary().fitsUuid() ? field.binary().toUuid((String) id) : field.binary().toBytes((String) id);
	}

	/**
	 * The application on a database of its own, its tables partitioned by month over 14 months
	 * from January 2025, five rows a month, and the IDs of each entity in the order they were made.
	 */
	record Blog(ConfigurableApplicationContext context, DataSource raw, Map<Class<?>, List<Object>> ids) {

		static Blog start(String storage) {
			DataSource raw = Database.POSTGRESQL.newDatabase();
			DataSource recorded = ProxyDataSourceBuilder.create(raw).listener(new Recorder()).build();
			SettableClock clock = new SettableClock(Instant.parse("2025-01-15T00:00:00Z"));
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("spring.jpa.hibernate.ddl-auto", "create");
			properties.put("time-sorted-id.kuuid.millisecond", "true");
			properties.put("time-sorted-id.storage", storage);
			for (Class<?> entity : ENTITIES) {
				properties.put("time-sorted-id.partitions." + entity.getSimpleName() + ".interval", "month");
				properties.put("time-sorted-id.partitions." + entity.getSimpleName() + ".premake", MONTHS - 1);
			}
			ConfigurableApplicationContext context = new SpringApplicationBuilder(PruningApplication.class)
				.web(WebApplicationType.NONE)
				.initializers(ctx -> {
					ctx.getBeanFactory().registerSingleton("dataSource", recorded);
					ctx.getBeanFactory().registerSingleton("clock", clock);
				})
				.properties(properties)
				.run();
			Blog blog = new Blog(context, raw, new LinkedHashMap<>());
			TimeSortedIdRegistry registry = context.getBean(TimeSortedIdRegistry.class);
			JdbcTemplate jdbc = new JdbcTemplate(raw);
			int seq = 0;
			for (int month = 0; month < MONTHS; month++) {
				for (int day : new int[] { 3, 10, 17, 24, 28 }) {
					Instant at = FIRST_MONTH.plusMonths(month).withDayOfMonth(day).atTime(12, 0).toInstant(ZoneOffset.UTC);
					for (Class<?> entity : ENTITIES) {
						clock.set(at.plusMillis(ENTITIES.indexOf(entity)));
						IdField field = registry.identifierOf(entity).orElseThrow();
						Object id = field.next();
						blog.ids().computeIfAbsent(entity, key -> new ArrayList<>()).add(id);
						jdbc.update("INSERT INTO " + blog.table(entity) + " (id, seq, payload) VALUES (?, ?, ?)",
								stored(field, id), seq++, "row");
					}
				}
			}
			ENTITIES.forEach(entity -> jdbc.execute("ANALYZE " + blog.table(entity)));
			return blog;
		}

		String table(Class<?> entity) {
			return ((BasicValuedModelPart) this.context.getBean(EntityManagerFactory.class)
				.unwrap(SessionFactoryImplementor.class)
				.getMappingMetamodel()
				.findEntityDescriptor(entity)
				.getIdentifierMapping()).getContainingTableExpression();
		}

		int partitionCount(String table) {
			return new JdbcTemplate(this.raw).queryForObject("SELECT count(*) FROM pg_inherits WHERE inhparent = ?::regclass",
					Integer.class, table);
		}

		String algorithm(Class<?> entity) {
			String name = this.context.getBean(TimeSortedIdRegistry.class).identifierOf(entity).orElseThrow().format()
				.algorithm().name();
			return name.equals("kuuid") ? "kuuid (millisecond)" : name;
		}

	}

	/** A statement as the driver received it: its SQL and the values bound to it. */
	record Captured(String sql, List<Object> parameters) {
	}

	/** Records each statement with its parameters, in the order they were bound. */
	static final class Recorder implements QueryExecutionListener {

		private final List<Captured> statements;

		Recorder() {
			this(captured);
		}

		Recorder(List<Captured> statements) {
			this.statements = statements;
		}

		@Override
		public void beforeQuery(ExecutionInfo execInfo, List<QueryInfo> queryInfoList) {
		}

		@Override
		public void afterQuery(ExecutionInfo execInfo, List<QueryInfo> queryInfoList) {
			for (QueryInfo query : queryInfoList) {
				List<Object> parameters = new ArrayList<>();
				if (!query.getParametersList().isEmpty()) {
					List<ParameterSetOperation> operations = new ArrayList<>(query.getParametersList().get(0));
					operations.sort((a, b) -> Integer.compare((Integer) a.getArgs()[0], (Integer) b.getArgs()[0]));
					operations.forEach(operation -> parameters.add(operation.getArgs()[1]));
				}
				this.statements.add(new Captured(query.getQuery(), parameters));
			}
		}

	}

}
