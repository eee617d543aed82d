package io.github.timesortedid.partition;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.actuate.TimeSortedIdEndpoint;
import io.github.timesortedid.autoconfigure.fixtures.store.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.store.PurchaseOrderRepository;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partitioning.PartitionDdl;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The DDL of an entity's partitioned tables ({@link PartitionDdl}, and the endpoint that prints it)
 * makes what {@code ddl-auto=create} and the first maintenance run make: run on an empty database,
 * the database's catalog describes the same tables, columns, collations, keys, indexes, foreign keys
 * and partitions as on a database the application created itself, and the application then starts
 * with {@code validate}, its maintenance finding nothing to do.
 */
class PartitionDdlTests {

	private static final Instant DECEMBER = Instant.parse("2026-12-15T10:00:00Z");

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void theDdlMakesWhatDdlAutoAndTheFirstRunMake(Database database) throws Exception {
		DataSource created = database.newDatabaseWithLocaleCollation();
		String orders;
		String payments;
		String coupons;
		try (PartitionsContext store = start(database, created, "create")) {
			TimeSortedIdEndpoint endpoint = store.bean(TimeSortedIdEndpoint.class);
			orders = endpoint.ddl("ddl", "PurchaseOrder");
			payments = endpoint.ddl("ddl", "payment");
			assertThat(orders).isEqualTo(store.bean(TimeSortedIdRegistry.class).partitionMaintenance().orElseThrow()
				.ddl("PurchaseOrder").orElseThrow().script(DECEMBER));
			System.out.println(database.label() + " DDL of PurchaseOrder:\n" + orders);
			assertThat(endpoint.ddl("other", "PurchaseOrder")).isNull();
			assertThatExceptionOfType(InvalidEndpointRequestException.class).isThrownBy(() -> endpoint.ddl("ddl", "Coupon"))
				.withMessage("'Coupon' names no entity whose tables are partitioned on this database; partitioned: "
						+ "Payment, PurchaseOrder");
			// the table of one piece the orders' coupons reference, as Hibernate made it
			coupons = (database == Database.POSTGRESQL)
					? "create table coupon (id varchar(26) collate \"C\" not null, code varchar(255), primary key (id))"
					: "create table coupon (id varchar(26) character set ascii collate ascii_bin not null, code varchar(255), "
							+ "primary key (id)) engine=InnoDB";
		}
		DataSource migrated = database.newDatabaseWithLocaleCollation();
		run(migrated, coupons + ";\n" + orders + payments);
		Catalog.of(database, migrated).assertSameAs(Catalog.of(database, created));
		try (PartitionsContext store = start(database, migrated, "validate")) {
			assertThat(store.maintainer().maintain().statements()).as("the first partitions are there").isEmpty();
			PurchaseOrder order = store.bean(PurchaseOrderRepository.class).save(new PurchaseOrder("ada", "gift").line("book", 1));
			assertThat(PartitionedKeyColumnsTests.placement(store, "order_line", "order_id").values()).containsExactly("p202612");
			assertThat(store.bean(PurchaseOrderRepository.class).findById(order.getId())).isPresent();
		}
	}

	private static PartitionsContext start(Database database, DataSource dataSource, String ddlAuto) {
		return PartitionsContext.store(database, dataSource, DECEMBER, Map.of("spring.jpa.hibernate.ddl-auto", ddlAuto,
				"spring.jmx.enabled", "true", "spring.jmx.unique-names", "true",
				"management.endpoints.jmx.exposure.include", "timesortedid"));
	}

	/** Runs a script of one statement a line as a migration tool would: comments skipped, in one session. */
	static void run(DataSource dataSource, String script) throws Exception {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			for (String sql : script.split(";\n")) {
				String body = sql.lines().filter(line -> !line.startsWith("--")).reduce("", (all, line) -> all + line + "\n");
				if (!body.isBlank()) {
					statement.execute(body);
				}
			}
		}
	}

	/** What the catalog says of the schema's tables, each as one line, sorted. */
	record Catalog(List<String> tables, List<String> columns, List<String> constraints, List<String> indexes,
			List<String> partitions) {

		static Catalog of(Database database, DataSource dataSource) {
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			if (database == Database.POSTGRESQL) {
				return new Catalog(
						lines(jdbc, "SELECT concat_ws(' ', relname, relkind) FROM pg_class WHERE relnamespace = "
								+ "to_regnamespace(current_schema()) AND relkind IN ('r', 'p')"),
						lines(jdbc, "SELECT concat_ws(' ', table_name, column_name, data_type, character_maximum_length, "
								+ "collation_name, is_nullable) FROM information_schema.columns WHERE table_schema = current_schema()"),
						lines(jdbc, "SELECT concat_ws(' ', conrelid::regclass, conname, pg_get_constraintdef(oid)) "
								+ "FROM pg_constraint WHERE connamespace = to_regnamespace(current_schema()) "
								// the copies PostgreSQL derives per partition, named in the order the partitions came
								+ "AND NOT (contype = 'f' AND conparentid <> 0)"),
						lines(jdbc, "SELECT pg_get_indexdef(indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid "
								+ "WHERE c.relnamespace = to_regnamespace(current_schema())"),
						lines(jdbc, "SELECT concat_ws(' ', inhparent::regclass, inhrelid::regclass, "
								+ "pg_get_expr(c.relpartbound, c.oid)) FROM pg_inherits JOIN pg_class c ON c.oid = inhrelid"));
			}
			return new Catalog(
					lines(jdbc, "SELECT concat_ws(' ', table_name, engine) FROM information_schema.tables "
							+ "WHERE table_schema = DATABASE()"),
					lines(jdbc, "SELECT concat_ws(' ', table_name, column_name, column_type, character_set_name, "
							+ "collation_name, is_nullable) FROM information_schema.columns WHERE table_schema = DATABASE()"),
					lines(jdbc, "SELECT concat_ws(' ', table_name, constraint_name, constraint_type) FROM "
							+ "information_schema.table_constraints WHERE constraint_schema = DATABASE()"),
					lines(jdbc, "SELECT concat_ws(' ', table_name, index_name, non_unique, seq_in_index, column_name) "
							+ "FROM information_schema.statistics WHERE table_schema = DATABASE()"),
					lines(jdbc, "SELECT concat_ws(' ', table_name, partition_name, partition_method, partition_expression, "
							+ "partition_description) FROM information_schema.partitions WHERE table_schema = DATABASE() "
							+ "AND partition_name IS NOT NULL"));
		}

		void assertSameAs(Catalog expected) {
			assertThat(this.tables).as("tables").containsExactlyElementsOf(expected.tables);
			assertThat(this.columns).as("columns").containsExactlyElementsOf(expected.columns);
			assertThat(this.constraints).as("constraints").containsExactlyElementsOf(expected.constraints);
			assertThat(this.indexes).as("indexes").containsExactlyElementsOf(expected.indexes);
			assertThat(this.partitions).as("partitions").containsExactlyElementsOf(expected.partitions);
		}

		private static List<String> lines(JdbcTemplate jdbc, String sql) {
			List<String> lines = new ArrayList<>(jdbc.queryForList(sql, String.class));
			lines.sort(null);
			return lines;
		}

	}

}
