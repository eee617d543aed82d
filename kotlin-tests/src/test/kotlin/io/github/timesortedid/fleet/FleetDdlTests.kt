package io.github.timesortedid.fleet

import io.github.timesortedid.jdbc.AggregateIds
import io.github.timesortedid.model.DatabaseKind
import io.github.timesortedid.testsupport.Database
import io.github.timesortedid.testsupport.FailureAnalyses
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.catchThrowable
import org.junit.jupiter.api.Test
import org.springframework.jdbc.core.JdbcTemplate

/**
 * A Spring Data JDBC aggregate that refers to a JPA entity by its typed ID: the DDL the library
 * prints sizes the column from the JPA attribute that makes those IDs, and the schema check checks
 * the column as it checks the aggregate's own.
 */
class FleetDdlTests {

	/** The printed column holds the customers' IDs: as long as they are, in the byte collation; the service runs on it. */
	@Test
	fun theColumnOfAJpaEntitysTypedIdIsSizedByTheAttributeThatMakesIt() {
		val ddl = FleetApplication.start(Database.H2.newDatabase(), "time-sorted-id.schema-check.enabled=false").use {
			it.getBean(AggregateIds::class.java).ddl("Rental", DatabaseKind.POSTGRESQL, null)
		}
		val dataSource = Database.POSTGRESQL.newDatabase()
		JdbcTemplate(dataSource).execute(ddl)
		FleetApplication.start(dataSource).use { app ->
			val customer = app.getBean(CustomerRepository::class.java).save(Customer("Ada"))
			val rentals = app.getBean(RentalRepository::class.java)
			val rental = rentals.save(Rental(customer = customer.id!!, vehicle = "Golf"))
			assertThat(rentals.findById(rental.id!!)).get().extracting(Rental::customer).isEqualTo(customer.id)
			val length = customer.id!!.value.length
			assertThat(ddl).contains("\"customer\" varchar($length) COLLATE \"C\"")
			assertThat(JdbcTemplate(dataSource).queryForObject("select character_maximum_length from "
				+ "information_schema.columns where table_name = 'rental' and column_name = 'customer'", Int::class.java))
				.isEqualTo(length)
		}
	}

	/** A column too short for the customers' IDs stops startup, naming the column and the attribute whose IDs it holds. */
	@Test
	fun aColumnTooShortForTheJpaEntitysTypedIdsStopsStartup() {
		val dataSource = Database.POSTGRESQL.newDatabase()
		JdbcTemplate(dataSource).execute("create table rental (id varchar(30) collate \"C\" primary key, "
			+ "customer varchar(20) collate \"C\", vehicle varchar(255))")
		val analysis = FailureAnalyses.of(catchThrowable { FleetApplication.start(dataSource).close() })
		assertThat(analysis.description)
			.contains("Table 'rental', column 'customer' (a reference of Rental.customer to Customer.id) is varchar(20), "
				+ "which holds at most 20 characters, but its IDs need 30")
		assertThat(analysis.action).contains("varchar(30)")
	}
}
