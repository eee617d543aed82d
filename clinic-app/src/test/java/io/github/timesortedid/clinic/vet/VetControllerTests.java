package io.github.timesortedid.clinic.vet;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.Pageable;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** The vets page and the vets JSON in the web slice: IDs are written as their text. */
@WebMvcTest(VetController.class)
class VetControllerTests {

	private static final String LUND_ID = "vet_01ke6jrxk3f0c8cz7tsnjy2dnr";

	private static final String OKAFOR_ID = "vet_01ke6jrxk1feass25x0e3x6xdy";

	private static final String SURGERY_ID = "spec_01ke6jq304ed2ahhajaceqfvcd";

	@Autowired
	private MockMvc mvc;

	@MockitoBean
	private VetRepository vets;

	@BeforeEach
	void twoVets() {
		Specialty surgery = new Specialty();
		surgery.setId(new SpecialtyId(SURGERY_ID));
		surgery.setName("surgery");
		Vet lund = vet(LUND_ID, "Ingrid", "Lund");
		lund.addSpecialty(surgery);
		Vet okafor = vet(OKAFOR_ID, "Amara", "Okafor");
		given(this.vets.findAll()).willReturn(List.of(lund, okafor));
		given(this.vets.findAll(any(Pageable.class))).willReturn(new PageImpl<>(List.of(lund, okafor)));
	}

	@Test
	void theJsonWritesIdsAsPlainStrings() throws Exception {
		this.mvc.perform(get("/vets.json").accept(MediaType.APPLICATION_JSON))
			.andExpect(status().isOk())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON))
			.andExpect(jsonPath("$.vetList[0].id").value(LUND_ID))
			.andExpect(jsonPath("$.vetList[0].specialties[0].id").value(SURGERY_ID))
			.andExpect(jsonPath("$.vetList[0].specialties[0].name").value("surgery"))
			.andExpect(jsonPath("$.vetList[1].id").value(OKAFOR_ID))
			.andExpect(content().string(allOf(containsString("\"id\":\"" + LUND_ID + "\""),
					containsString("\"id\":\"" + SURGERY_ID + "\""), not(containsString("\"value\"")))));
	}

	@Test
	void theVetsPageShowsTheirIds() throws Exception {
		this.mvc.perform(get("/vets"))
			.andExpect(status().isOk())
			.andExpect(content().string(allOf(containsString("<code>" + LUND_ID + "</code>"),
					containsString("<code>" + OKAFOR_ID + "</code>"), containsString("surgery"),
					not(containsString("[value=")))));
	}

	private static Vet vet(String id, String firstName, String lastName) {
		Vet vet = new Vet();
		vet.setId(new VetId(id));
		vet.setFirstName(firstName);
		vet.setLastName(lastName);
		return vet;
	}

}
