package io.github.timesortedid.schema;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.matrix.MatrixApplication;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKsuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxSnowflakeLong;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUuidv7;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Against an existing schema (no DDL from Hibernate), an ID column too short for its IDs or with a
 * collation that folds case or does not sort by bytes under a case-sensitive algorithm stops
 * startup with table, column, what was found, what is needed and the DDL that fixes it.
 */
class SchemaCheckTests {

	@Test
	void postgresqlColumnTooShort() {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		new JdbcTemplate(dataSource).execute("CREATE TABLE mx_uuidv7 (id varchar(20) PRIMARY KEY, seq int, payload varchar(255))");
		FailureAnalysis analysis = startupFailure(dataSource, MxUuidv7.class);
		assertThat(analysis.getDescription()).isEqualTo("Table 'mx_uuidv7', column 'id' (MxUuidv7.id) is varchar(20), which holds "
				+ "at most 20 characters, but its IDs need 29.");
		assertThat(analysis.getAction()).startsWith("Widen the column, e.g. ALTER TABLE mx_uuidv7 ALTER COLUMN id TYPE varchar(29)");
	}

	@Test
	void postgresqlWideningAsSuggestedKeepsTheByteCollation() {
		// ALTER COLUMN … TYPE without COLLATE gives the column the database's default collation
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE mx_uuidv7 (id varchar(20) COLLATE \"C\" PRIMARY KEY, seq int, payload varchar(255))");
		String action = startupFailure(dataSource, MxUuidv7.class).getAction();
		jdbc.execute(action.substring(action.indexOf("ALTER TABLE")).replaceFirst("(, or |\\.$).*", ""));
		assertThat(jdbc.queryForObject("SELECT collation_name FROM information_schema.columns "
				+ "WHERE table_name = 'mx_uuidv7' AND column_name = 'id'", String.class)).isEqualTo("C");
	}

	@Test
	void postgresqlCaseSensitiveBodiesInALinguisticCollationAndTheSuggestedFix() {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE mx_ksuid (id varchar(30) COLLATE \"en-x-icu\" PRIMARY KEY, seq int, payload varchar(255))");
		FailureAnalysis analysis = startupFailure(dataSource, MxKsuid.class);
		assertThat(analysis.getDescription()).isEqualTo("Table 'mx_ksuid', column 'id' (MxKsuid.id) has the collation 'en-x-icu', "
				+ "but ksuid bodies are case-sensitive: they need a collation that compares and sorts bytes, or distinct IDs "
				+ "may compare equal and ORDER BY id is not creation order.");
		String fix = "ALTER TABLE mx_ksuid ALTER COLUMN id TYPE varchar(30) COLLATE \"C\"";
		assertThat(analysis.getAction()).startsWith("Change the column's collation, e.g. " + fix);
		jdbc.execute(fix);
		start(dataSource, MxKsuid.class).close();
	}

	@Test
	void mariadbDefaultCollationFoldsCaseAndTheSuggestedFix() {
		DataSource dataSource = Database.MARIADB.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE mx_ksuid (id varchar(30) PRIMARY KEY, seq int, payload varchar(255))");
		FailureAnalysis analysis = startupFailure(dataSource, MxKsuid.class);
		assertThat(analysis.getDescription()).startsWith("Table 'mx_ksuid', column 'id' (MxKsuid.id) has the collation "
				+ "'latin1_swedish_ci', but ksuid bodies are case-sensitive");
		String fix = "ALTER TABLE mx_ksuid MODIFY id varchar(30) CHARACTER SET ascii COLLATE ascii_bin";
		assertThat(analysis.getAction()).startsWith("Change the column's collation, e.g. " + fix);
		jdbc.execute(fix);
		start(dataSource, MxKsuid.class).close();
	}

	@Test
	void h2ColumnTooShortAndTheCheckCanBeTurnedOff() {
		DataSource dataSource = Database.H2.newDatabase();
		new JdbcTemplate(dataSource).execute("CREATE TABLE mx_uuidv7 (id varchar(28) PRIMARY KEY, seq int, payload varchar(255))");
		FailureAnalysis analysis = startupFailure(dataSource, MxUuidv7.class);
		assertThat(analysis.getDescription()).contains("column 'ID' (MxUuidv7.id) is CHARACTER VARYING(28)")
			.contains("its IDs need 29");
		start(dataSource, MxUuidv7.class, "time-sorted-id.schema-check.enabled=false").close();
	}

	@Test
	void aTextIdInANumericColumnIsRefusedThoughH2ReportsASizeOf32() {
		DataSource dataSource = Database.H2.newDatabase();
		new JdbcTemplate(dataSource).execute("CREATE TABLE mx_uuidv7 (id integer PRIMARY KEY, seq int, payload varchar(255))");
		FailureAnalysis analysis = startupFailure(dataSource, MxUuidv7.class);
		assertThat(analysis.getDescription()).isEqualTo("Table 'MX_UUIDV7', column 'ID' (MxUuidv7.id) is INTEGER, a numeric "
				+ "column, but its IDs are text of 29 characters.");
		assertThat(analysis.getAction()).contains("ALTER TABLE MX_UUIDV7 ALTER COLUMN ID varchar(29)");
	}

	@Test
	void aSnowflakeLongInA32BitColumnIsRefusedBeforeTheFirstInsertOverflows() {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		new JdbcTemplate(dataSource).execute("CREATE TABLE mx_snowflake_long (id integer PRIMARY KEY, seq int, payload varchar(255))");
		FailureAnalysis analysis = startupFailure(dataSource, MxSnowflakeLong.class);
		assertThat(analysis.getDescription()).isEqualTo("Table 'mx_snowflake_long', column 'id' (MxSnowflakeLong.id) is "
				+ "int4, which holds 32 bits, but its snowflake IDs need 64 (bigint).");
		assertThat(analysis.getAction()).contains("ALTER TABLE mx_snowflake_long ALTER COLUMN id TYPE bigint");
	}

	@Test
	void foreignKeysThatReferenceAnIdAreCheckedAndEveryProblemIsReportedAtOnce() {
		DataSource dataSource = Database.H2.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE customer (id varchar(40) PRIMARY KEY, name varchar(255))");
		jdbc.execute("CREATE TABLE shipment (id integer PRIMARY KEY, carrier varchar(255))");
		jdbc.execute("CREATE TABLE purchase_order (id varchar(20) PRIMARY KEY, reference varchar(60) NOT NULL, "
				+ "customer_id varchar(10) REFERENCES customer(id), placed_at timestamp(6) with time zone, "
				+ "total numeric(12,2), promised_for timestamp(6) with time zone, street varchar(255), city varchar(255), "
				+ "postal_code varchar(255), note varchar(400), version bigint)");
		Throwable failure = catchThrowable(() -> new SpringApplicationBuilder(
				io.github.timesortedid.autoconfigure.fixtures.orders.OrdersApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("spring.jpa.hibernate.ddl-auto=none")
			.run()
			.close());
		FailureAnalysis analysis = FailureAnalyses.of(failure);
		assertThat(analysis.getDescription()).startsWith("3 columns cannot hold the IDs they are given:")
			.contains("Table 'PURCHASE_ORDER', column 'ID' (PurchaseOrder.id) is CHARACTER VARYING(20), which holds at most 20 "
					+ "characters, but its IDs need 30.")
			.contains("Table 'PURCHASE_ORDER', column 'CUSTOMER_ID' (references Customer.id) is CHARACTER VARYING(10), which "
					+ "holds at most 10 characters, but its IDs need 30.")
			.contains("Table 'SHIPMENT', column 'ID' (Shipment.id) is INTEGER, which holds 32 bits, but its snowflake IDs "
					+ "need 64 (bigint).");
		assertThat(analysis.getAction()).contains("ALTER TABLE PURCHASE_ORDER ALTER COLUMN CUSTOMER_ID varchar(30)")
			.contains("ALTER TABLE SHIPMENT ALTER COLUMN ID bigint");
	}

	private static org.springframework.context.ConfigurableApplicationContext start(DataSource dataSource, Class<?> entity,
			String... properties) {
		return new SpringApplicationBuilder(MatrixApplication.class).web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("test.entities=" + entity.getName(), "spring.jpa.hibernate.ddl-auto=none")
			.properties(properties)
			.run();
	}

	private static FailureAnalysis startupFailure(DataSource dataSource, Class<?> entity) {
		return FailureAnalyses.of(catchThrowable(() -> start(dataSource, entity).close()));
	}

}
