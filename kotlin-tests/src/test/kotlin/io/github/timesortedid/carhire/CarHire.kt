package io.github.timesortedid.carhire

import io.github.timesortedid.TimeSortedId
import jakarta.persistence.Entity
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.data.jdbc.core.mapping.AggregateReference
import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.relational.core.mapping.Table
import org.springframework.data.repository.ListCrudRepository

/** A customer: a JPA entity, whose `@jakarta.persistence.Id` Spring Data JDBC does not know. */
@Entity
class Customer(var name: String) {
	@jakarta.persistence.Id
	@TimeSortedId(prefix = "cus")
	var id: String? = null
}

/** A rental: a Spring Data JDBC aggregate that refers to the JPA customer by an `AggregateReference`, which cannot work. */
@Table
data class Rental(
	@org.springframework.data.annotation.Id @TimeSortedId(prefix = "rnt") val id: String? = null,
	val customer: AggregateReference<Customer, String>,
)

interface CustomerRepository : JpaRepository<Customer, String>

interface RentalRepository : ListCrudRepository<Rental, String>

/** A vehicle rental with both JPA and Spring Data JDBC, as a new user first wrote it. */
@SpringBootApplication
class CarHireApplication
