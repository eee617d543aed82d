package io.github.timesortedid.clinic.vet;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** The seed vets and their specialties, joined through {@code vet_specialties} by typed IDs. */
@DataJpaTest
class VetRepositoryTests {

	static final VetId INGRID_LUND = new VetId("vet_01ke6jrxk3f0c8cz7tsnjy2dnr");

	static final SpecialtyId DENTISTRY = new SpecialtyId("spec_01ke6jq302fgcs024q9ymmfwm3");

	static final SpecialtyId SURGERY = new SpecialtyId("spec_01ke6jq304ed2ahhajaceqfvcd");

	@Autowired
	private VetRepository vets;

	@Autowired
	private JdbcTemplate jdbc;

	@Test
	void seedVetsLoadWithTheirSpecialties() {
		List<Vet> all = this.vets.findAll();
		assertThat(all).hasSize(6);
		Vet lund = all.stream().filter((vet) -> vet.getId().equals(INGRID_LUND)).findFirst().orElseThrow();
		assertThat(lund.getId()).isInstanceOf(VetId.class);
		assertThat(lund.getLastName()).isEqualTo("Lund");
		assertThat(lund.getSpecialties()).extracting(Specialty::getId).containsExactly(DENTISTRY, SURGERY);
		assertThat(lund.getSpecialties()).extracting(Specialty::getName).containsExactly("dentistry", "surgery");
		assertThat(all).filteredOn((vet) -> vet.getNrOfSpecialties() == 0)
			.extracting(Vet::getLastName)
			.containsExactlyInAnyOrder("Okafor", "Mercier");
	}

	@Test
	void vetsSortedByIdComeInTheOrderTheirIdsWereMinted() {
		assertThat(this.vets.findAll(PageRequest.of(0, 10, Sort.by("id"))).getContent()).extracting(Vet::getLastName)
			.containsExactly("Okafor", "Reyes", "Lund", "Watanabe", "Raman", "Mercier");
	}

	@Test
	void bothJoinColumnsOfVetSpecialtiesHoldExactlyTheIdsTheyReference() {
		// the guide, "Databases": every foreign key column that references an ID column gets that column's
		// varchar(N). vet_id (the join column) does; specialty_id (the inverse join column) is left at 255.
		String sql = "SELECT character_maximum_length FROM information_schema.columns "
				+ "WHERE table_name = 'VET_SPECIALTIES' AND column_name = ?";
		assertThat(this.jdbc.queryForObject(sql, Integer.class, "VET_ID")).isEqualTo("vet_".length() + 26);
		assertThat(this.jdbc.queryForObject(sql, Integer.class, "SPECIALTY_ID")).isEqualTo("spec_".length() + 26);
	}

}
