package io.github.timesortedid.jdbc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.sql.DataSource;

import io.github.timesortedid.jdbc.rentals.Charge;
import io.github.timesortedid.jdbc.rentals.Damage;
import io.github.timesortedid.jdbc.rentals.Handover;
import io.github.timesortedid.jdbc.rentals.Inspection;
import io.github.timesortedid.jdbc.rentals.Rental;
import io.github.timesortedid.jdbc.rentals.RentalApplication;
import io.github.timesortedid.jdbc.rentals.RentalId;
import io.github.timesortedid.jdbc.rentals.RentalRepository;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tables the DDL of {@link AggregateIds#ddl} makes for a rental (charges with IDs of their own in
 * a list, inspections without IDs in a set), judged by the database: its catalog and its plans
 * ({@code EXPLAIN}). Partitioned on PostgreSQL, the columns that hold the rental's ID are
 * {@code text}, so that a generic plan of an {@code IN} list prunes; every held table whose primary key
 * does not start with its back reference has an index on it, which a load of the aggregate uses.
 */
class AggregateDdlTests {

	private static final Instant NOV_28 = Instant.parse("2026-11-28T10:00:00Z");

	private static final Map<DatabaseKind, Database> DATABASES = Map.of(DatabaseKind.H2, Database.H2,
			DatabaseKind.POSTGRESQL, Database.POSTGRESQL, DatabaseKind.MARIADB, Database.MARIADB);

	private static ConfigurableApplicationContext whole;

	private static ConfigurableApplicationContext partitioned;

	@BeforeAll
	static void startPrinters() {
		// applications that print the DDL, on H2 without the tables
		whole = RentalApplication.start(Database.H2.newDatabase(), new SettableClock(NOV_28), false,
				"--time-sorted-id.schema-check.enabled=false");
		partitioned = RentalApplication.start(Database.H2.newDatabase(), new SettableClock(NOV_28), true,
				"--time-sorted-id.schema-check.enabled=false");
	}

	@AfterAll
	static void stopPrinters() {
		whole.close();
		partitioned.close();
	}

	/**
	 * A generic plan of {@code WHERE id IN ($1, $2)} with the {@code varchar} parameters PgJDBC sends
	 * (Spring Data JDBC's {@code findAllById}, and the same list on a held table's back reference)
	 * prunes the partitions of the other months as the executor starts, on the tables of the printed
	 * DDL; the application starts on them and finds the rentals.
	 */
	@Test
	void aGenericPlanOfAnInListPrunesOnThePartitionedTablesOfThePrintedDdl() throws Exception {
		String script = ddl(partitioned, DatabaseKind.POSTGRESQL);
		// a typed ID that no attribute of the application makes keeps text of up to 255 characters
		assertThat(script).contains("\"customer\" varchar(255) COLLATE \"C\"");
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		DataJdbcContexts.create(dataSource, script);
		SettableClock clock = new SettableClock(NOV_28);
		try (ConfigurableApplicationContext app = RentalApplication.start(dataSource, clock, true)) {
			RentalRepository rentals = app.getBean(RentalRepository.class);
			RentalId november = rentals.save(rental("Golf")).getId();
			clock.set(Instant.parse("2026-12-15T10:00:00Z"));
			RentalId december = rentals.save(rental("Polo")).getId();
			assertThat(rentals.findAllById(List.of(november, december))).extracting(Rental::getVehicle)
				.containsExactlyInAnyOrder("Golf", "Polo");
			for (String[] table : List.of(new String[] { "rental", "id" }, new String[] { "charge", "rental" },
					new String[] { "inspection", "rental" })) {
				JsonNode plan = genericPlan(dataSource, "select * from \"" + table[0] + "\" where \"" + table[1]
						+ "\" in ($1, $2)", november.value(), december.value());
				// four partitions: November, December, January and the default one; two hold the IDs
				assertThat(subplansRemoved(plan)).as("partitions pruned by %s: %s", table[0], plan).isEqualTo(2);
			}
		}
	}

	/**
	 * The tables of the charges (a list of entities with IDs: a primary key of their own) and of the
	 * inspections (a set without IDs: none) have an index on their back reference, on each database
	 * the catalog of a database made by the printed DDL lists; those of a partitioned aggregate too.
	 */
	@ParameterizedTest
	@EnumSource(value = DatabaseKind.class, names = { "H2", "POSTGRESQL", "MARIADB" })
	void heldTablesWhoseKeyDoesNotStartWithTheBackReferenceHaveAnIndexOnIt(DatabaseKind kind) throws Exception {
		onPrintedTables(kind, (dataSource, printer, described) -> {
			assertThat(indexes(kind, dataSource, "inspection")).as("the indexes of inspection (%s)", described)
				.containsValue(List.of("rental"));
			if (printer == whole) {
				assertThat(indexes(kind, dataSource, "charge")).as("the indexes of charge (%s)", described)
					.containsValue(List.of("rental"));
			}
		});
	}

	/**
	 * The table of the handover, which a rental holds alone, has one row per rental: its primary key is
	 * the back reference. The damages, a list held by the inspections of a set, have none: Spring Data
	 * JDBC keys their rows by the rental and their index alone, which two inspections repeat. A rental
	 * with both is stored whole on tables the printed DDL makes, whole and partitioned.
	 */
	@ParameterizedTest
	@EnumSource(value = DatabaseKind.class, names = { "H2", "POSTGRESQL", "MARIADB" })
	void aHeldEntityAloneHasItsBackReferenceAsKeyAndAListUnderASetHasNone(DatabaseKind kind) throws Exception {
		onPrintedTables(kind, (dataSource, printer, described) -> {
			try (ConfigurableApplicationContext app = RentalApplication.start(dataSource, new SettableClock(NOV_28),
					printer == partitioned)) {
				RentalRepository rentals = app.getBean(RentalRepository.class);
				Rental rental = new Rental("Golf");
				rental.setHandover(new Handover("airport", 80));
				rental.getInspections().add(new Inspection("body", 12000, List.of(new Damage("door"), new Damage("mirror"))));
				rental.getInspections().add(new Inspection("glass", 12000, List.of(new Damage("windscreen"))));
				RentalId id = rentals.save(rental).getId();
				assertThat(rentals.findById(id).orElseThrow().getHandover()).as(described)
					.isEqualTo(new Handover("airport", 80));
				// Spring Data JDBC loads each inspection with the damages of all (their rows name no
				// inspection), so the rows themselves are the proof
				assertThat(new JdbcTemplate(dataSource).queryForList("select part from damage where rental = ?",
						String.class, id.value())).as(described).containsExactlyInAnyOrder("door", "mirror", "windscreen");
			}
			assertThat(primaryKey(kind, dataSource, "handover")).as("the key of handover (%s)", described)
				.containsExactly("rental");
			assertThat(primaryKey(kind, dataSource, "damage")).as("the key of damage (%s)", described).isEmpty();
		});
	}

	/**
	 * Runs a check on a new database of a kind made by the DDL each printer prints for it: the whole
	 * tables' on H2, the whole and the partitioned ones' on PostgreSQL and MariaDB.
	 */
	private static void onPrintedTables(DatabaseKind kind, PrintedTablesCheck check) throws Exception {
		List<ConfigurableApplicationContext> printers = (kind == DatabaseKind.H2) ? List.of(whole)
				: List.of(whole, partitioned);
		for (ConfigurableApplicationContext printer : printers) {
			DataSource dataSource = DATABASES.get(kind).newDatabase();
			DataJdbcContexts.create(dataSource, ddl(printer, kind));
			check.check(dataSource, printer, (printer == whole) ? "whole" : "partitioned");
		}
	}

	/** A check of the tables a printer's DDL made. */
	@FunctionalInterface
	private interface PrintedTablesCheck {

		void check(DataSource dataSource, ConfigurableApplicationContext printer, String described) throws Exception;

	}

	/**
	 * On PostgreSQL, a load of a rental's inspections by their back reference, as Spring Data JDBC
	 * sends it, reads the index of the partition, not every row of it.
	 */
	/**
	 * An index name longer than PostgreSQL keeps (which would cut it) and MariaDB accepts (which would
	 * refuse it) is shortened, the same every time, and both databases keep it as printed.
	 */
	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void aLongIndexNameIsShortenedToOneBothDatabasesKeep(Database database) {
		String table = "inspection_photos_of_the_rentals_of_the_fleet";
		List<String> columns = List.of("rental_reference", "rental_reference_key");
		String name = AggregateDdl.indexName(table, columns);
		assertThat(name).hasSizeLessThanOrEqualTo(63).startsWith("inspection_photos_of_the_rentals").endsWith("_idx")
			.isEqualTo(AggregateDdl.indexName(table, columns))
			.isNotEqualTo(AggregateDdl.indexName(table, List.of("rental_reference", "rental_reference_kez")));
		assertThat(AggregateDdl.indexName("inspection", List.of("rental"))).isEqualTo("inspection_rental_idx");
		JdbcTemplate jdbc = new JdbcTemplate(database.newDatabase());
		jdbc.execute("create table " + table + " (rental_reference varchar(30), rental_reference_key int)");
		jdbc.execute("create index " + name + " on " + table + " (" + String.join(", ", columns) + ")");
		String catalog = (database == Database.POSTGRESQL)
				? "select indexname from pg_indexes where tablename = ?"
				: "select distinct index_name from information_schema.statistics where table_name = ?";
		assertThat(jdbc.queryForList(catalog, String.class, table)).containsExactly(name);
	}

	@Test
	void aLoadOfAPartitionedSetByItsBackReferenceUsesTheIndex() throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		DataJdbcContexts.create(dataSource, ddl(partitioned, DatabaseKind.POSTGRESQL));
		try (ConfigurableApplicationContext app = RentalApplication.start(dataSource, new SettableClock(NOV_28), true)) {
			RentalRepository rentals = app.getBean(RentalRepository.class);
			List<Rental> saved = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				saved.add(rental("car " + i));
			}
			rentals.saveAll(saved);
			new JdbcTemplate(dataSource).execute("analyze");
			String id = saved.get(7).getId().value();
			try (Connection connection = dataSource.getConnection(); Statement jdbc = connection.createStatement()) {
				jdbc.execute("SET enable_seqscan = off");
				try (ResultSet plan = jdbc.executeQuery("EXPLAIN (FORMAT JSON) SELECT \"inspection\".\"kind\", "
						+ "\"inspection\".\"odometer\" FROM \"inspection\" WHERE \"inspection\".\"rental\" = '" + id + "'")) {
					plan.next();
					String text = plan.getString(1);
					assertThat(text).as("the plan of a load").doesNotContain("Seq Scan").contains("inspection_p202611");
				}
			}
			assertThat(rentals.findById(saved.get(7).getId()).orElseThrow().getInspections()).hasSize(2);
		}
	}

	private static Rental rental(String vehicle) {
		Rental rental = new Rental(vehicle);
		rental.getCharges().add(new Charge(new BigDecimal("40.00")));
		rental.getInspections().add(new Inspection("tyres", 12000));
		rental.getInspections().add(new Inspection("brakes", 12000));
		return rental;
	}

	private static String ddl(ConfigurableApplicationContext printer, DatabaseKind kind) {
		return printer.getBean(AggregateIds.class).ddl("Rental", kind, null);
	}

	/** The plan of a statement prepared with {@code varchar} parameters, as PgJDBC binds a {@code String}, planned generically. */
	private static JsonNode genericPlan(DataSource dataSource, String sql, String... values) throws Exception {
		try (Connection connection = dataSource.getConnection(); Statement jdbc = connection.createStatement()) {
			jdbc.execute("SET plan_cache_mode = force_generic_plan");
			jdbc.execute("PREPARE listed(varchar, varchar) AS " + sql);
			List<String> literals = Arrays.stream(values).map(value -> "'" + value + "'").toList();
			try (ResultSet plan = jdbc.executeQuery("EXPLAIN (FORMAT JSON) EXECUTE listed(" + String.join(", ", literals) + ")")) {
				plan.next();
				return new ObjectMapper().readTree(plan.getString(1)).get(0).get("Plan");
			}
		}
	}

	private static int subplansRemoved(JsonNode node) {
		int removed = node.has("Subplans Removed") ? node.get("Subplans Removed").asInt() : 0;
		if (node.has("Plans")) {
			for (JsonNode child : node.get("Plans")) {
				removed += subplansRemoved(child);
			}
		}
		return removed;
	}

	/** The columns of a table's primary key, in order, from the catalog. */
	private static List<String> primaryKey(DatabaseKind kind, DataSource dataSource, String table) {
		String sql = switch (kind) {
			case POSTGRESQL -> "select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid "
					+ "and a.attnum = any(i.indkey) where i.indrelid = ?::regclass and i.indisprimary "
					+ "order by array_position(i.indkey, a.attnum)";
			case MARIADB -> "select column_name from information_schema.statistics where table_schema = database() "
					+ "and table_name = ? and index_name = 'PRIMARY' order by seq_in_index";
			default -> "select lower(c.column_name) from information_schema.indexes i "
					+ "join information_schema.index_columns c on c.index_name = i.index_name and c.table_name = i.table_name "
					+ "where i.table_name = upper(?) and i.index_type_name = 'PRIMARY KEY' order by c.ordinal_position";
		};
		return new JdbcTemplate(dataSource).queryForList(sql, String.class, table);
	}

	/** The indexes of a table other than its primary key, by name, each with its columns, from the catalog. */
	private static Map<String, List<String>> indexes(DatabaseKind kind, DataSource dataSource, String table) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		String sql = switch (kind) {
			case POSTGRESQL -> "select c.relname, a.attname from pg_index i join pg_class c on c.oid = i.indexrelid "
					+ "join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey) "
					+ "where i.indrelid = ?::regclass and not i.indisprimary order by c.relname, array_position(i.indkey, a.attnum)";
			case MARIADB -> "select index_name, column_name from information_schema.statistics where table_schema = database() "
					+ "and table_name = ? and index_name <> 'PRIMARY' order by index_name, seq_in_index";
			default -> "select i.index_name, lower(c.column_name) from information_schema.indexes i "
					+ "join information_schema.index_columns c on c.index_name = i.index_name and c.table_name = i.table_name "
					+ "where i.table_name = upper(?) and i.index_type_name <> 'PRIMARY KEY' order by i.index_name, c.ordinal_position";
		};
		Map<String, List<String>> indexes = new TreeMap<>();
		jdbc.query(sql, row -> {
			indexes.computeIfAbsent(row.getString(1), name -> new ArrayList<>()).add(row.getString(2));
		}, table);
		return indexes;
	}

}
