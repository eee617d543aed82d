package io.github.timesortedid.clinic.owner;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jpa.test.autoconfigure.TestEntityManager;

import static io.github.timesortedid.clinic.owner.OwnerRepositoryTests.DOG;
import static io.github.timesortedid.clinic.owner.OwnerRepositoryTests.MARTA;
import static io.github.timesortedid.clinic.owner.OwnerRepositoryTests.PEPPER;
import static io.github.timesortedid.clinic.owner.OwnerRepositoryTests.newOwner;
import static io.github.timesortedid.clinic.owner.OwnerRepositoryTests.newPet;
import static io.github.timesortedid.clinic.owner.OwnerRepositoryTests.newVisit;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Owners with their pets and visits through Java serialization, as an HTTP session store, a cache or
 * a cluster does it: typed IDs come back as equal IDs of their type, and a deserialized owner is
 * still the same row to Hibernate.
 */
@DataJpaTest
class OwnerSerializationTests {

	@Autowired
	private OwnerRepository owners;

	@Autowired
	private PetTypeRepository types;

	@Autowired
	private TestEntityManager entityManager;

	@Test
	void aStoredOwnerWithPetsAndVisitsRoundTrips() throws Exception {
		Owner marta = this.owners.findById(MARTA).orElseThrow();

		Owner copy = roundTrip(marta);

		assertThat(copy).isNotSameAs(marta);
		assertThat(copy.getId()).isInstanceOf(OwnerId.class).isEqualTo(MARTA).hasToString(MARTA.value());
		assertThat(copy.getPets()).extracting(Pet::getId)
			.containsExactlyElementsOf(marta.getPets().stream().map(Pet::getId).toList());
		Pet pepper = copy.getPet(PEPPER);
		assertThat(pepper).isNotNull();
		assertThat(pepper.getId()).isInstanceOf(PetId.class);
		assertThat(pepper.getType().getId()).isInstanceOf(PetTypeId.class)
			.isEqualTo(marta.getPet(PEPPER).getType().getId());
		assertThat(pepper.getVisits()).extracting(Visit::getId)
			.containsExactlyElementsOf(marta.getPet(PEPPER).getVisits().stream().map(Visit::getId).toList())
			.allSatisfy((id) -> assertThat(id).isInstanceOf(VisitId.class));
	}

	@Test
	void aDeserializedOwnerMergesIntoItsOwnRow() throws Exception {
		Owner marta = this.owners.findById(MARTA).orElseThrow();
		this.entityManager.clear();
		Owner copy = roundTrip(marta);
		copy.setCity("Lakeside");
		copy.getPet(PEPPER).addVisit(newVisit("vaccination booster"));

		this.owners.saveAndFlush(copy);
		this.entityManager.clear();

		assertThat(this.owners.count()).isEqualTo(8);
		Owner read = this.owners.findById(MARTA).orElseThrow();
		assertThat(read.getCity()).isEqualTo("Lakeside");
		assertThat(read.getPets()).hasSize(2);
		assertThat(read.getPet(PEPPER).getVisits()).hasSize(3)
			.extracting(Visit::getDescription)
			.contains("vaccination booster");
	}

	@Test
	void aNewOwnerWithPetsRoundTripsWithoutIdsAndGetsThemWhenSaved() throws Exception {
		Owner owner = newOwner("Grace", "Hopper");
		owner.addPet(newPet("Cobol", this.types.findById(DOG).orElseThrow()));

		Owner copy = roundTrip(owner);
		assertThat(copy.isNew()).isTrue();
		assertThat(copy.getPets()).singleElement().matches(Pet::isNew);
		assertThat(copy.getPets().get(0).getType().getId()).isEqualTo(DOG);

		this.owners.saveAndFlush(copy);
		assertThat(copy.getId().value()).startsWith("owner_");
		assertThat(copy.getPets().get(0).getId().value()).startsWith("pet_");

		Owner again = roundTrip(copy);
		assertThat(again.getId()).isEqualTo(copy.getId());
		assertThat(again.getPets().get(0).getId()).isEqualTo(copy.getPets().get(0).getId());
	}

	@SuppressWarnings("unchecked")
	private static <T extends Serializable> T roundTrip(T value) throws IOException, ClassNotFoundException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
			out.writeObject(value);
		}
		try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
			return (T) in.readObject();
		}
	}

}
