package io.github.timesortedid.billing

import io.github.timesortedid.TimeSortedId
import jakarta.persistence.Entity
import org.springframework.boot.WebApplicationType
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.relational.core.mapping.Table
import org.springframework.data.repository.ListCrudRepository
import java.time.Clock
import javax.sql.DataSource

// tag::entity[]
/** A customer: a JPA entity, whose table Hibernate makes. */
@Entity
class Customer(var name: String) {
	@jakarta.persistence.Id
	@TimeSortedId
	var id: String? = null
}
// end::entity[]

// tag::aggregate[]
/** An invoice: a Spring Data JDBC aggregate, with the lines it holds; the application writes its tables. */
@Table
data class Invoice(
	@org.springframework.data.annotation.Id @TimeSortedId val id: String? = null,
	val customer: String,
	val lines: List<InvoiceLine> = emptyList(),
)

@Table
data class InvoiceLine(val sku: String, val cents: Long)
// end::aggregate[]

interface CustomerRepository : JpaRepository<Customer, String>

interface InvoiceRepository : ListCrudRepository<Invoice, String>

/**
 * A billing service with both JPA and Spring Data JDBC: customers are JPA entities, invoices Spring
 * Data JDBC aggregates, and its settings name both under `time-sorted-id.*`.
 */
@SpringBootApplication
class BillingApplication {

	companion object {

		/** The invoices' tables on PostgreSQL, partitioned by the invoice's ID; Hibernate makes the customers'. */
		const val POSTGRESQL_DDL = """
			create table invoice (id text collate "C" primary key, customer text collate "C")
				partition by range (id);
			create table invoice_line (invoice text collate "C" not null references invoice (id),
				invoice_key int not null, sku varchar(40), cents bigint, primary key (invoice, invoice_key))
				partition by range (invoice);
			"""

		/** The invoices' tables of one piece, for databases whose tables are not partitioned (H2). */
		const val H2_DDL = """
			create table invoice (id varchar(40) primary key, customer varchar(40));
			create table invoice_line (invoice varchar(40) not null, invoice_key int not null, sku varchar(40),
				cents bigint, primary key (invoice, invoice_key));
			"""

		/**
		 * Starts the service on a database that has the invoices' tables, with the settings of
		 * `application-billing.yml` and, if `partitioned`, of `application-billing-partitions.yml`.
		 */
		fun start(dataSource: DataSource, clock: Clock, partitioned: Boolean, vararg properties: String)
			: ConfigurableApplicationContext =
			SpringApplicationBuilder(BillingApplication::class.java).web(WebApplicationType.NONE)
				.profiles(*(if (partitioned) arrayOf("billing", "billing-partitions") else arrayOf("billing")))
				.properties("spring.jpa.hibernate.ddl-auto=create", "spring.jmx.enabled=true", "spring.jmx.unique-names=true",
					"management.endpoints.jmx.exposure.include=timesortedid")
				.properties(*properties)
				.initializers({
					it.beanFactory.registerSingleton("dataSource", dataSource)
					it.beanFactory.registerSingleton("clock", clock)
				})
				.run()
	}
}
