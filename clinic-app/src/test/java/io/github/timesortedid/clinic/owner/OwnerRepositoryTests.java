package io.github.timesortedid.clinic.owner;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.query.IdResolver;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jpa.test.autoconfigure.TestEntityManager;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repositories against the real schema on H2, with the seed rows of {@code data.sql}: what the
 * application reads and writes through its typed IDs.
 */
@DataJpaTest
class OwnerRepositoryTests {

	static final OwnerId MARTA = new OwnerId("owner_01ke6p4ym0e09rnn6zt1c0x5s2");

	static final OwnerId LAST_SEED_OWNER = new OwnerId("owner_01ke6phrs0f8qr7qsffff084pz");

	static final PetId PEPPER = new PetId("pet_01ke6sjt80fz599xv8c51n3pyh");

	static final PetTypeId CAT = new PetTypeId("type_01ke6jtr62epmrabt025tq05qs");

	static final PetTypeId DOG = new PetTypeId("type_01ke6jtr63f30rqpqwj7t2c8bn");

	private static final String TYPE_ID_BODY = "[0-7][0-9a-hjkmnp-tv-z]{25}";

	@Autowired
	private OwnerRepository owners;

	@Autowired
	private PetTypeRepository types;

	@Autowired
	private TestEntityManager entityManager;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private IdResolver ids;

	@Autowired
	private TimeSortedIds mint;

	@Test
	void seedOwnersLoadWithTheirPetsAndVisits() {
		assertThat(this.owners.count()).isEqualTo(8);
		Owner marta = this.owners.findById(MARTA).orElseThrow();
		assertThat(marta.getId()).isEqualTo(MARTA).isInstanceOf(OwnerId.class);
		assertThat(marta.getLastName()).isEqualTo("Novak");
		assertThat(marta.getPets()).extracting(Pet::getName).containsExactly("Biscuit", "Pepper");
		Pet pepper = marta.getPet(PEPPER);
		assertThat(pepper.getName()).isEqualTo("Pepper");
		assertThat(pepper.getType().getId()).isEqualTo(CAT);
		assertThat(pepper.getType().getName()).isEqualTo("cat");
		assertThat(pepper.getVisits()).extracting(Visit::getId)
			.containsExactly(new VisitId("visit_01kgj3pv00f4n9ce3pphz9xgy9"),
					new VisitId("visit_01kks3kk00e0v87rcx135xrptc"));
		assertThat(pepper.getVisits()).extracting(Visit::getDate)
			.containsExactly(LocalDate.of(2026, 2, 3), LocalDate.of(2026, 3, 15));
	}

	@Test
	void seedIdsCarryTheTimeTheyWereMinted() {
		assertThat(this.ids.parse(MARTA.value()).entityName()).isEqualTo("Owner");
		assertThat(this.ids.parse(MARTA.value()).createdAt()).contains(Instant.parse("2026-01-05T09:00:00Z"));
		assertThat(this.ids.parse(PEPPER.value()).entityName()).isEqualTo("Pet");
		assertThat(this.ids.find(PEPPER.value(), Pet.class)).get().extracting(Pet::getName).isEqualTo("Pepper");
	}

	@Test
	void findsOwnersByTheStartOfTheirLastName() {
		Page<Owner> novaks = this.owners.findByLastNameStartingWith("Nov", PageRequest.of(0, 5, Sort.by("firstName")));
		assertThat(novaks.getContent()).extracting(Owner::getFirstName).containsExactly("Henrik", "Marta");
		assertThat(novaks.getContent()).extracting(Owner::getId)
			.containsExactly(new OwnerId("owner_01ke6paed0fb3869tgcv7a35xs"), MARTA);
		assertThat(this.owners.findByLastNameStartingWith("Nobody", PageRequest.of(0, 5))).isEmpty();
	}

	@Test
	void savingANewOwnerWithAPetAndAVisitGivesEachAPrefixedId() {
		Instant before = Instant.now().minusMillis(1);
		Owner owner = newOwner("Ada", "Byron");
		Pet pet = newPet("Pixel", this.types.findById(DOG).orElseThrow());
		owner.addPet(pet);
		Visit visit = newVisit("first check-up");
		pet.addVisit(visit);

		this.owners.save(owner);
		this.entityManager.flush();
		Instant after = Instant.now().plusMillis(1);

		assertThat(owner.getId().value()).matches("owner_" + TYPE_ID_BODY);
		assertThat(pet.getId().value()).matches("pet_" + TYPE_ID_BODY);
		assertThat(visit.getId().value()).matches("visit_" + TYPE_ID_BODY);
		for (String id : List.of(owner.getId().value(), pet.getId().value(), visit.getId().value())) {
			assertThat(this.ids.parse(id).createdAt()).get()
				.matches((at) -> !at.isBefore(before) && !at.isAfter(after), "created during the test");
		}

		this.entityManager.clear();
		Owner read = this.owners.findById(owner.getId()).orElseThrow();
		assertThat(read.getPets()).singleElement().satisfies((readPet) -> {
			assertThat(readPet.getId()).isEqualTo(pet.getId());
			assertThat(readPet.getVisits()).extracting(Visit::getId).containsExactly(visit.getId());
		});
	}

	@Test
	void idsSortByCreationTimeAfterTheSeedRows() {
		List<OwnerId> created = List.of(this.owners.save(newOwner("Ann", "First")).getId(),
				this.owners.save(newOwner("Bob", "Second")).getId(), this.owners.save(newOwner("Cy", "Third")).getId());
		this.entityManager.flush();

		List<Owner> byId = this.owners.findAll(Sort.by("id"));
		assertThat(byId).hasSize(11);
		assertThat(byId.subList(8, 11)).extracting(Owner::getId).containsExactlyElementsOf(created);
		assertThat(byId.get(7).getId()).isEqualTo(LAST_SEED_OWNER);
		assertThat(this.jdbc.queryForList("SELECT id FROM owners ORDER BY id DESC FETCH FIRST 3 ROWS ONLY",
				String.class))
			.containsExactly(created.get(2).value(), created.get(1).value(), created.get(0).value());
	}

	@Test
	void aNewPetOfASeedTypeReferencesTheSeedRow() {
		Owner marta = this.owners.findById(MARTA).orElseThrow();
		marta.addPet(newPet("Noodle", this.types.findById(CAT).orElseThrow()));
		this.owners.saveAndFlush(marta);
		this.entityManager.clear();

		Pet noodle = this.owners.findById(MARTA).orElseThrow().getPet("Noodle", false);
		assertThat(noodle.getType().getId()).isEqualTo(CAT);
		assertThat(noodle.getType().getName()).isEqualTo("cat");
		String noodleId = noodle.getId().value();
		assertThat(this.jdbc.queryForObject("SELECT type_id FROM pets WHERE id = ?", String.class, noodleId))
			.isEqualTo(CAT.value());
		assertThat(this.jdbc.queryForObject("SELECT owner_id FROM pets WHERE id = ?", String.class, noodleId))
			.isEqualTo(MARTA.value());
	}

	@Test
	void anIdMintedAheadIsKeptWhenTheOwnerIsSaved() {
		OwnerId minted = this.mint.next(OwnerId.class);
		Owner owner = newOwner("Mint", "Ahead");
		owner.setId(minted);

		this.owners.saveAndFlush(owner);
		this.entityManager.clear();

		assertThat(this.owners.findById(minted)).get().extracting(Owner::getLastName).isEqualTo("Ahead");
		assertThat(this.owners.count()).isEqualTo(9);
	}

	@Test
	void idColumnsAndTheirForeignKeysHoldExactlyTheIds() {
		String sql = "SELECT character_maximum_length FROM information_schema.columns "
				+ "WHERE table_name = ? AND column_name = ?";
		record Column(String table, String column, int length) {
		}
		List<Column> expected = List.of(new Column("OWNERS", "ID", "owner_".length() + 26),
				new Column("PETS", "ID", "pet_".length() + 26),
				new Column("PETS", "OWNER_ID", "owner_".length() + 26),
				new Column("PETS", "TYPE_ID", "type_".length() + 26),
				new Column("TYPES", "ID", "type_".length() + 26),
				new Column("VISITS", "ID", "visit_".length() + 26),
				new Column("VISITS", "PET_ID", "pet_".length() + 26));
		for (Column column : expected) {
			assertThat(this.jdbc.queryForObject(sql, Integer.class, column.table(), column.column()))
				.as("%s.%s", column.table(), column.column())
				.isEqualTo(column.length());
		}
	}

	static Owner newOwner(String firstName, String lastName) {
		Owner owner = new Owner();
		owner.setFirstName(firstName);
		owner.setLastName(lastName);
		owner.setAddress("1 Test Street");
		owner.setCity("Testville");
		owner.setTelephone("6085550000");
		return owner;
	}

	static Pet newPet(String name, PetType type) {
		Pet pet = new Pet();
		pet.setName(name);
		pet.setBirthDate(LocalDate.of(2024, 4, 1));
		pet.setType(type);
		return pet;
	}

	static Visit newVisit(String description) {
		Visit visit = new Visit();
		visit.setDescription(description);
		return visit;
	}

}
