package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.store.Payment;
import io.github.timesortedid.autoconfigure.fixtures.store.PaymentRepository;
import io.github.timesortedid.autoconfigure.fixtures.store.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.store.PurchaseOrderRepository;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Restarts of a healthy application with partitioned tables: {@code ddl-auto=update} on tables it
 * made itself finds every foreign key it would add and adds none again, so a restart logs no
 * warning, adds a column a partitioned table lacks as on any table, and a {@code validate} start
 * on the same tables passes; the first start made the foreign keys as Hibernate makes them
 * (PostgreSQL; MariaDB's InnoDB refuses them on partitioned tables).
 */
@ExtendWith(OutputCaptureExtension.class)
class PartitionRestartTests {

	private static final Instant DECEMBER = Instant.parse("2026-12-15T10:00:00Z");

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "MARIADB" })
	void restartsWithUpdateAndValidateLogNoWarning(Database database, CapturedOutput output) {
		DataSource dataSource = database.newDatabase();
		long foreignKeys;
		try (PartitionsContext first = start(database, dataSource, "update")) {
			order(first);
			foreignKeys = foreignKeys(first);
			if (database == Database.POSTGRESQL) {
				// the payments', the lines', the invoices', the tags' and the coupons' two
				assertThat(foreignKeys).isEqualTo(6);
			}
		}
		// a column the application has and the table lacks, as after a new attribute: update adds it
		new JdbcTemplate(dataSource).execute("ALTER TABLE order_line DROP COLUMN sku");
		int restarts = output.length();
		for (String ddlAuto : List.of("update", "update", "validate")) {
			try (PartitionsContext again = start(database, dataSource, ddlAuto)) {
				order(again);
				assertThat(again.jdbc.queryForList("SELECT sku FROM order_line", String.class)).as("after " + ddlAuto)
					.contains("book");
				assertThat(foreignKeys(again)).as("foreign keys after a start with " + ddlAuto).isEqualTo(foreignKeys);
			}
		}
		assertThat(output.toString().substring(restarts).lines()
			.filter(line -> line.contains(" WARN ") || line.contains(" ERROR ") || line.contains("already exists")))
			.isEmpty();
		assertThat(output.toString().substring(restarts)).contains("Started ");
	}

	private static PartitionsContext start(Database database, DataSource dataSource, String ddlAuto) {
		return PartitionsContext.store(database, dataSource, DECEMBER, Map.of("spring.jpa.hibernate.ddl-auto", ddlAuto));
	}

	private static void order(PartitionsContext store) {
		PurchaseOrder order = store.bean(PurchaseOrderRepository.class).save(new PurchaseOrder("ada", "gift").line("book", 1));
		store.bean(PaymentRepository.class).save(new Payment(order, 1200));
	}

	/** The foreign keys of the schema, not counting the copies PostgreSQL keeps per partition. */
	static long foreignKeys(PartitionsContext context) {
		return (context.database == Database.POSTGRESQL)
				? context.jdbc.queryForObject("SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conparentid = 0",
						Long.class)
				: context.jdbc.queryForObject("SELECT count(*) FROM information_schema.referential_constraints "
						+ "WHERE constraint_schema = DATABASE()", Long.class);
	}

}
