package io.github.timesortedid.insert;

import java.time.Instant;
import java.time.LocalDate;

import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import io.github.timesortedid.autoconfigure.fixtures.clinic.Owner;
import io.github.timesortedid.autoconfigure.fixtures.clinic.OwnerRepository;
import io.github.timesortedid.autoconfigure.fixtures.clinic.Pet;
import io.github.timesortedid.autoconfigure.fixtures.clinic.PetId;
import io.github.timesortedid.autoconfigure.fixtures.clinic.PetRepository;
import io.github.timesortedid.query.IdResolver;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The typed ID declared once, as a type variable, on a generic {@code @MappedSuperclass}: each
 * entity's attribute is of the entity's own typed ID, with its prefix, without listing the typed
 * IDs anywhere.
 */
@SpringBootTest(classes = ClinicApplication.class)
class GenericBaseEntityTests {

	@Autowired
	private OwnerRepository owners;

	@Autowired
	private PetRepository pets;

	@Autowired
	private IdResolver resolver;

	@Test
	void eachEntityGetsItsOwnTypedIdFromTheGenericBase() {
		Instant start = Instant.now().minusSeconds(1);
		Owner owner = this.owners.insert(new Owner("Franklin")).entity();
		Pet pet = this.pets.insert(new Pet("Leo", LocalDate.of(2020, 9, 7), owner)).entity();
		assertThat(owner.getId().value()).startsWith("owner_");
		assertThat(pet.getId()).isInstanceOf(PetId.class);
		assertThat(pet.getId().value()).startsWith("pet_");
		assertThat(this.pets.findById(pet.getId())).get().extracting(Pet::getName).isEqualTo("Leo");
		assertThat(this.pets.findCreatedSince(start)).extracting(Pet::getId).containsExactly(pet.getId());
		assertThat(this.resolver.find(pet.getId().value(), Pet.class)).get().extracting(Pet::getName).isEqualTo("Leo");
	}

}
