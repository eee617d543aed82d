package io.github.timesortedid.billing

import io.github.timesortedid.actuate.TimeSortedIdEndpoint
import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionDescriptor
import io.github.timesortedid.actuate.TimeSortedIdEndpoint.PartitionedTableDescriptor
import io.github.timesortedid.model.TimeSortedIdRegistry
import io.github.timesortedid.partition.PartitionMaintainer
import io.github.timesortedid.testsupport.Database
import io.github.timesortedid.testsupport.FailureAnalyses
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.catchThrowable
import org.assertj.core.api.Assertions.tuple
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.orm.jpa.AbstractEntityManagerFactoryBean
import java.time.Clock
import java.time.Instant
import java.time.ZoneOffset
import java.util.TreeSet
import javax.sql.DataSource

/**
 * An application with both JPA and Spring Data JDBC: `time-sorted-id.entities.*` and
 * `time-sorted-id.partitions.*` name JPA entities and Spring Data JDBC aggregates alike, each applied
 * by the integration that maps it, and a name known to neither stops startup naming both kinds; so
 * too when JPA's repositories start in the background or on first use (`deferred` and `lazy`
 * bootstrap).
 */
class BillingTests {

	private val may4 = Instant.parse("2026-05-04T09:00:00Z")

	@ParameterizedTest
	@ValueSource(strings = ["default", "deferred", "lazy"])
	fun entityOverridesApplyToTheEntityAndToTheAggregate(bootstrap: String) {
		BillingApplication.start(h2(), Clock.fixed(may4, ZoneOffset.UTC), false, bootstrapMode(bootstrap)).use { app ->
			// deferred: Hibernate was built by the task executor
			assertThat(app.getBean("&entityManagerFactory", AbstractEntityManagerFactoryBean::class.java).bootstrapExecutor)
				.`as`(bootstrap).matches { (it != null) == (bootstrap == "deferred") }
			val customer = app.getBean(CustomerRepository::class.java).save(Customer("Ada"))
			val invoice = app.getBean(InvoiceRepository::class.java)
				.save(Invoice(customer = customer.id!!, lines = listOf(InvoiceLine("tea", 450))))
			assertThat(customer.id).startsWith("cus_")
			assertThat(invoice.id).startsWith("inv_")
			val registry = app.getBean(TimeSortedIdRegistry::class.java)
			assertThat(registry.parse(invoice.id).algorithm()).isEqualTo("ulid")
			assertThat(registry.parse(customer.id).algorithm()).isEqualTo("uuidv7")
			assertThat(registry.parse(invoice.id).entityName()).isEqualTo("Invoice")
		}
	}

	@Test
	fun anEntityOverrideThatNamesNeitherAnEntityNorAnAggregateStopsStartup() {
		val analysis = startupFailure(false, "time-sorted-id.entities.Invoise.prefix=bill")
		assertThat(analysis.description)
			.isEqualTo("The property time-sorted-id.entities.Invoise.* names no entity with a @TimeSortedId attribute.")
		assertThat(analysis.action).contains("Customer").contains("Invoice")
	}

	@ParameterizedTest
	@ValueSource(strings = ["default", "deferred", "lazy"])
	fun aPartitionSettingThatNamesNeitherAnEntityNorAnAggregateStopsStartup(bootstrap: String) {
		val analysis = startupFailure(true, "time-sorted-id.partitions.Voyage.interval=day", bootstrapMode(bootstrap))
		assertThat(analysis.description)
			.isEqualTo("The property time-sorted-id.partitions.Voyage.* names no entity whose @Id is a @TimeSortedId attribute.")
		assertThat(analysis.action).isEqualTo("Use the JPA entity name of such an entity (Customer), or the simple class "
			+ "name of such an aggregate root (Invoice), or remove the property.")
	}

	/**
	 * The customers' table is partitioned by Hibernate as it makes it; the invoices' tables, which the
	 * application wrote, by the aggregates' registration; one maintainer keeps both, and the endpoint
	 * lists what the catalog lists.
	 */
	@ParameterizedTest
	@ValueSource(strings = ["default", "deferred", "lazy"])
	fun theEntityAndTheAggregateArePartitionedAndMaintainedTogether(bootstrap: String) {
		val dataSource = Database.POSTGRESQL.newDatabase()
		JdbcTemplate(dataSource).execute(BillingApplication.POSTGRESQL_DDL)
		BillingApplication.start(dataSource, Clock.fixed(may4, ZoneOffset.UTC), true, bootstrapMode(bootstrap)).use { app ->
			assertThat(catalog(dataSource, "customer")).contains("customer_default", "customer_p202605")
			val days = listOf("20260504", "20260505", "20260506")
			assertThat(catalog(dataSource, "invoice")).isEqualTo(days.map { "invoice_p$it" }.toSortedSet() + "invoice_default")
			assertThat(catalog(dataSource, "invoice_line"))
				.isEqualTo(days.map { "invoice_line_p$it" }.toSortedSet() + "invoice_line_default")

			val customer = app.getBean(CustomerRepository::class.java).save(Customer("Grace"))
			val invoice = app.getBean(InvoiceRepository::class.java)
				.save(Invoice(customer = customer.id!!, lines = listOf(InvoiceLine("tea", 450), InvoiceLine("cup", 900))))
			val jdbc = JdbcTemplate(dataSource)
			assertThat(jdbc.queryForObject("select tableoid::regclass::text from invoice where id = ?", String::class.java,
				invoice.id)).isEqualTo("invoice_p20260504")
			assertThat(jdbc.queryForList("select distinct tableoid::regclass::text from invoice_line where invoice = ?",
				String::class.java, invoice.id)).containsExactly("invoice_line_p20260504")
			assertThat(jdbc.queryForObject("select tableoid::regclass::text from customer where id = ?", String::class.java,
				customer.id)).isEqualTo("customer_p202605")

			val run = app.getBean(PartitionMaintainer::class.java).maintain()
			assertThat(run.succeeded()).`as`("%s", run.failures()).isTrue()
			assertThat(run.ran()).isTrue()
			val listed = app.getBean(TimeSortedIdEndpoint::class.java).describe().partitions()
			assertThat(listed).extracting<Any> { tuple(it.table(), it.entity(), it.dependentOf()) }
				.containsExactlyInAnyOrder(tuple("customer", "Customer", null), tuple("invoice", "Invoice", null),
					tuple("invoice_line", "Invoice", "invoice"))
			for (table: PartitionedTableDescriptor in listed) {
				assertThat(table.partitions()).extracting<String>(PartitionDescriptor::name)
					.containsExactlyInAnyOrderElementsOf(catalog(dataSource, table.table()))
			}
		}
	}

	/** The aggregates' tables are checked as in an application without JPA: whole ones stop startup. */
	@Test
	fun theAggregatesTablesOfOnePieceStopStartup() {
		val dataSource = Database.POSTGRESQL.newDatabase()
		JdbcTemplate(dataSource).execute(BillingApplication.POSTGRESQL_DDL.replace(Regex("\\s*partition by range \\(\\w+\\)"), ""))
		val analysis = FailureAnalyses.of(catchThrowable {
			BillingApplication.start(dataSource, Clock.fixed(may4, ZoneOffset.UTC), true).close()
		})
		assertThat(analysis.description)
			.contains("Table 'invoice' (the table of Invoice, time-sorted-id.partitions.Invoice) is not partitioned.")
	}

	/** The failure analysis of the service started on H2 with more properties. */
	private fun startupFailure(partitioned: Boolean, vararg properties: String) = FailureAnalyses.of(catchThrowable {
		BillingApplication.start(h2(), Clock.fixed(may4, ZoneOffset.UTC), partitioned, *properties).close()
	})

	/**
	 * How Spring Data JPA's repositories start: `deferred` builds Hibernate in the application's task
	 * executor, beside the rest of the context, as Spring Boot configures it; `lazy` makes each
	 * repository on its first use.
	 */
	private fun bootstrapMode(mode: String) = "spring.data.jpa.repositories.bootstrap-mode=$mode"

	private fun h2(): DataSource = Database.H2.newDatabase().also { JdbcTemplate(it).execute(BillingApplication.H2_DDL) }

	/** The partitions of a table as PostgreSQL's catalog lists them. */
	private fun catalog(dataSource: DataSource, table: String): Set<String> = TreeSet(JdbcTemplate(dataSource).queryForList(
		"select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ?::regclass",
		String::class.java, table).filterNotNull())
}
