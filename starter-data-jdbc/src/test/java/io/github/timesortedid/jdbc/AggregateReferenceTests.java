package io.github.timesortedid.jdbc;

import javax.sql.DataSource;

import io.github.timesortedid.jdbc.carhire.RentalApplication;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An {@code AggregateReference} to a class that Spring Data JDBC maps without an identifier (a JPA
 * entity, whose {@code @jakarta.persistence.Id} it does not know) stops startup when the aggregates
 * are registered, saying to refer to it by its ID, instead of failing on the first save (or, with
 * partitions, with a bare stack trace).
 */
class AggregateReferenceTests {

	@Test
	void aReferenceToAClassMappedWithoutAnIdentifierStopsStartupSayingToReferToItsId() throws Exception {
		DataSource dataSource = Database.H2.newDatabase();
		DataJdbcContexts.create(dataSource, """
				create table customer (number varchar(64) primary key, name varchar(100));
				create table rental (id varchar(64) primary key, customer varchar(64))
				""");
		DataJdbcContexts.withLibrary(dataSource).withUserConfiguration(RentalApplication.class).run(context -> {
			FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
			assertThat(analysis.getDescription()).isEqualTo("Rental.customer is an AggregateReference<Customer, String>, "
					+ "but Spring Data JDBC maps io.github.timesortedid.jdbc.carhire.Customer without an identifier (it "
					+ "knows Spring Data's @Id, org.springframework.data.annotation.Id, not JPA's @jakarta.persistence.Id), "
					+ "and an AggregateReference refers to an aggregate Spring Data JDBC maps with its @Id.");
			assertThat(analysis.getAction()).isEqualTo("Refer to Customer by its ID, as to a JPA entity: a typed ID "
					+ "(CustomerId customer, a record CustomerId(String value) implements TypedId with the prefix of "
					+ "Customer's IDs) or the text (String customer), in place of the AggregateReference.");
		});
	}

}
