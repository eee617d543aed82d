package io.github.timesortedid.carhire

import io.github.timesortedid.testsupport.Database
import io.github.timesortedid.testsupport.FailureAnalyses
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.catchThrowable
import org.junit.jupiter.api.Test
import org.springframework.boot.WebApplicationType
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.jdbc.core.JdbcTemplate

/**
 * A Spring Data JDBC aggregate that refers to a JPA entity by an `AggregateReference` stops startup
 * with a failure analysis saying to refer to it by its ID, instead of failing on the first save
 * ("Required identifier property not found for class ...Customer").
 */
class CarHireTests {

	@Test
	fun anAggregateReferenceToAJpaEntityStopsStartupSayingToReferToItsId() {
		val dataSource = Database.H2.newDatabase()
		JdbcTemplate(dataSource).execute("create table rental (id varchar(40) primary key, customer varchar(40))")
		val analysis = FailureAnalyses.of(catchThrowable {
			SpringApplicationBuilder(CarHireApplication::class.java).web(WebApplicationType.NONE)
				.properties("spring.jpa.hibernate.ddl-auto=create")
				.initializers({ it.beanFactory.registerSingleton("dataSource", dataSource) })
				.run()
				.close()
		})
		assertThat(analysis.description).isEqualTo("Rental.customer is an AggregateReference<Customer, String>, but "
			+ "Spring Data JDBC maps io.github.timesortedid.carhire.Customer without an identifier (it knows Spring Data's "
			+ "@Id, org.springframework.data.annotation.Id, not JPA's @jakarta.persistence.Id), and an "
			+ "AggregateReference refers to an aggregate Spring Data JDBC maps with its @Id.")
		assertThat(analysis.action).startsWith("Refer to Customer by its ID, as to a JPA entity: a typed ID (CustomerId customer")
	}

}
