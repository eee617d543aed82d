package io.github.timesortedid.autoconfigure;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import io.github.timesortedid.autoconfigure.fixtures.clinic.Owner;
import io.github.timesortedid.autoconfigure.fixtures.clinic.OwnerRepository;
import io.github.timesortedid.autoconfigure.fixtures.clinic.Pet;
import io.github.timesortedid.autoconfigure.fixtures.clinic.PetId;
import io.github.timesortedid.autoconfigure.fixtures.clinic.PetRepository;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Car;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.InheritanceApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The public way to mint an ID ahead of the request that will use it. */
class TimeSortedIdsTests {

	@Test
	void mintsByTypedIdByEntityAndByPrefixAndTheIdIsKeptOnInsert() {
		try (ConfigurableApplicationContext context = run(ClinicApplication.class, "mint-clinic")) {
			TimeSortedIds ids = context.getBean(TimeSortedIds.class);
			PetId byType = ids.next(PetId.class);
			PetId byEntity = ids.next(Pet.class);
			assertThat(byType.value()).startsWith("pet_");
			assertThat(byEntity.value()).startsWith("pet_").isGreaterThan(byType.value());
			assertThat(ids.nextWithPrefix("owner")).startsWith("owner_");

			Owner owner = context.getBean(OwnerRepository.class).insert(new Owner("Escobito")).entity();
			Pet pet = new Pet("Rosy", null, owner);
			pet.setId(byType);
			context.getBean(PetRepository.class).insert(pet);
			assertThat(context.getBean(PetRepository.class).findById(byType)).isPresent();
		}
	}

	@Test
	void anInheritedIdIsMintedForASubclassAndUnknownTypesAreNamed() {
		try (ConfigurableApplicationContext context = run(InheritanceApplication.class, "mint-inheritance",
				"time-sorted-id.entities.Invoice.prefix=inv", "time-sorted-id.entities.Receipt.prefix=rcp")) {
			TimeSortedIds ids = context.getBean(TimeSortedIds.class);
			String carId = ids.next(Car.class);
			assertThat(carId).startsWith("veh_");
			assertThatIllegalArgumentException().isThrownBy(() -> ids.next(String.class))
				.withMessage("java.lang.String is neither an entity with an @Id @TimeSortedId attribute nor the typed ID "
						+ "of one; known: Animal, Invoice, Receipt, Vehicle");
			assertThatIllegalArgumentException().isThrownBy(() -> ids.nextWithPrefix("car"))
				.withMessage("Unknown ID prefix 'car'; known prefixes are inv, rcp, veh");
		}
	}

	private static ConfigurableApplicationContext run(Class<?> application, String database, String... properties) {
		return new SpringApplicationBuilder(application).web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:" + database)
			.properties(properties)
			.run();
	}

}
