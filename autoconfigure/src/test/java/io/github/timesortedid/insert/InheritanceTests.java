package io.github.timesortedid.insert;

import java.time.Instant;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.inheritance.Animal;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Car;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.CarRepository;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Dog;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.InheritanceApplication;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Invoice;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Receipt;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Truck;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Vehicle;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.VehicleRepository;
import io.github.timesortedid.query.IdResolver;
import io.github.timesortedid.testsupport.CommitFault;
import io.github.timesortedid.testsupport.DataSourceWrapping;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * An inherited ID is one attribute with one prefix: {@code SINGLE_TABLE} and {@code JOINED}
 * hierarchies share their root's, entities of a {@code @MappedSuperclass} each have their own.
 */
@SpringBootTest(classes = { InheritanceApplication.class, InheritanceTests.Faults.class },
		properties = { "time-sorted-id.entities.Invoice.prefix=inv", "time-sorted-id.entities.Receipt.prefix=rcp",
				"time-sorted-id.insert.initial-delay=1ms" })
class InheritanceTests {

	static final CommitFault commits = new CommitFault();

	@Autowired
	private RetrySafeInserter inserter;

	@Autowired
	private CarRepository cars;

	@Autowired
	private VehicleRepository vehicles;

	@Autowired
	private IdResolver resolver;

	@Autowired
	private DataSource dataSource;

	@Test
	void subclassesOfASingleTableHierarchyShareTheRootsPrefixAndInsertRetrySafely() {
		Instant start = Instant.now().minusSeconds(1);
		Car car = this.cars.insert(new Car("AB-123", 5)).entity();
		commits.arm(CommitFault.Kind.LOST);
		InsertResult<Truck> truck = this.inserter.insert(new Truck("TR-1", 3));
		assertThat(car.getId()).startsWith("veh_");
		assertThat(truck.entity().getId()).startsWith("veh_");
		assertThat(truck.alreadyExisted()).isTrue();
		assertThat(this.cars.findCreatedSince(start)).extracting(Vehicle::getId).containsExactly(car.getId());
		assertThat(this.vehicles.findCreatedSince(start)).extracting(Vehicle::getId)
			.containsExactly(car.getId(), truck.entity().getId());
		assertThat(this.resolver.parse(car.getId()).entityName()).isEqualTo("Vehicle");
		assertThat(this.resolver.find(car.getId())).containsInstanceOf(Car.class);
	}

	@Test
	void aJoinedSubclassWithAPrimitiveKeyRetriesALostCommit() {
		commits.arm(CommitFault.Kind.LOST);
		Dog dog = new Dog("Rex", "Collie");
		InsertResult<Dog> result = this.inserter.insert(dog);
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(dog.getId()).isPositive();
		JdbcTemplate jdbc = new JdbcTemplate(this.dataSource);
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM dog WHERE id = ?", Long.class, dog.getId())).isOne();
		assertThat(this.inserter.insert(new Animal("Tom")).entity().getId()).isGreaterThan(dog.getId());
	}

	@Test
	void entitiesOfAMappedSuperclassHaveTheirOwnPrefixes() {
		assertThat(this.inserter.insert(new Invoice(new java.math.BigDecimal("9.99"))).entity().getId()).startsWith("inv_");
		assertThat(this.inserter.insert(new Receipt("shop")).entity().getId()).startsWith("rcp_");
	}

	@Test
	void aPrefixForASubclassIsRefusedNamingTheRoot() {
		Throwable failure = catchThrowable(() -> new SpringApplicationBuilder(InheritanceApplication.class)
			.web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:inheritance-refused", "time-sorted-id.entities.Car.prefix=car",
					"time-sorted-id.entities.Invoice.prefix=inv", "time-sorted-id.entities.Receipt.prefix=rcp")
			.run()
			.close());
		assertThat(NestedExceptionUtils.getMostSpecificCause(failure)).hasMessageContaining(
				"time-sorted-id.entities.Car.* names an entity that inherits its ID attribute from Vehicle.id")
			.hasMessageContaining("Set time-sorted-id.entities.Vehicle.* instead");
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Faults {

		@Bean
		static BeanPostProcessor breakCommits() {
			return DataSourceWrapping.with(commits::around);
		}

	}

}
