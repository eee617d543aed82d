package io.github.timesortedid.fleet

import io.github.timesortedid.AbstractTypedId
import io.github.timesortedid.IdPrefix
import io.github.timesortedid.TimeSortedId
import jakarta.persistence.Entity
import org.springframework.boot.WebApplicationType
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.relational.core.mapping.Table
import org.springframework.data.repository.ListCrudRepository
import javax.sql.DataSource

/** The ID of a customer, which the JPA entity makes. */
@IdPrefix("cus")
data class CustomerId(val value: String) : AbstractTypedId(value)

/** A customer: a JPA entity with a typed ID, whose table Hibernate makes. */
@Entity
class Customer(var name: String) {
	@jakarta.persistence.Id
	@TimeSortedId
	var id: CustomerId? = null
}

/** The ID of a rental. */
@IdPrefix("rnt")
data class RentalId(val value: String) : AbstractTypedId(value)

/** A rental: a Spring Data JDBC aggregate that refers to its JPA customer by the customer's typed ID. */
@Table
data class Rental(
	@org.springframework.data.annotation.Id @TimeSortedId val id: RentalId? = null,
	val customer: CustomerId,
	val vehicle: String,
)

interface CustomerRepository : JpaRepository<Customer, CustomerId>

interface RentalRepository : ListCrudRepository<Rental, RentalId>

/** A car rental service with JPA customers and Spring Data JDBC rentals, whose tables the application writes. */
@SpringBootApplication
class FleetApplication {

	companion object {

		/** Starts the service on a database; Hibernate makes the customers' table. */
		fun start(dataSource: DataSource, vararg properties: String): ConfigurableApplicationContext =
			SpringApplicationBuilder(FleetApplication::class.java).web(WebApplicationType.NONE)
				.properties("spring.jpa.hibernate.ddl-auto=create")
				.properties(*properties)
				.initializers({ it.beanFactory.registerSingleton("dataSource", dataSource) })
				.run()
	}
}
