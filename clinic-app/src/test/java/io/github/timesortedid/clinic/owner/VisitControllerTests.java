package io.github.timesortedid.clinic.owner;

import java.time.LocalDate;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/** The visit form in the web slice: owner and pet come from the typed IDs of the path. */
@WebMvcTest(VisitController.class)
class VisitControllerTests {

	private static final String OWNER_ID = "owner_01ke6p4ym0e09rnn6zt1c0x5s2";

	private static final String PET_ID = "pet_01ke6sjt80fz599xv8c51n3pyh";

	private static final String VISIT_ID = "visit_01kgj3pv00f4n9ce3pphz9xgy9";

	@Autowired
	private MockMvc mvc;

	@MockitoBean
	private OwnerRepository owners;

	private Owner owner;

	@BeforeEach
	void ownerWithAPet() {
		this.owner = new Owner();
		this.owner.setId(new OwnerId(OWNER_ID));
		this.owner.setFirstName("Marta");
		this.owner.setLastName("Novak");
		PetType cat = new PetType();
		cat.setId(new PetTypeId("type_01ke6jtr62epmrabt025tq05qs"));
		cat.setName("cat");
		Pet pet = new Pet();
		pet.setId(new PetId(PET_ID));
		pet.setName("Pepper");
		pet.setBirthDate(LocalDate.of(2019, 3, 14));
		pet.setType(cat);
		Visit earlier = new Visit();
		earlier.setId(new VisitId(VISIT_ID));
		earlier.setDate(LocalDate.of(2026, 2, 3));
		earlier.setDescription("annual vaccinations");
		pet.addVisit(earlier);
		this.owner.getPets().add(pet);
		given(this.owners.findById(new OwnerId(OWNER_ID))).willReturn(Optional.of(this.owner));
	}

	@Test
	void theVisitFormPostsToThePetsVisitsAndLinksBackToTheOwner() throws Exception {
		this.mvc.perform(get("/owners/{ownerId}/pets/{petId}/visits/new", OWNER_ID, PET_ID))
			.andExpect(status().isOk())
			.andExpect(view().name("pets/createOrUpdateVisitForm"))
			.andExpect(content().string(allOf(
					containsString("action=\"/owners/" + OWNER_ID + "/pets/" + PET_ID + "/visits/new\""),
					containsString("href=\"/owners/" + OWNER_ID + "\""), containsString("annual vaccinations"),
					not(containsString("[value=")))));
	}

	@Test
	void bookingAVisitAddsItToThePetOfThePathAndRedirectsToTheOwner() throws Exception {
		this.mvc
			.perform(post("/owners/{ownerId}/pets/{petId}/visits/new", OWNER_ID, PET_ID).param("id", VISIT_ID)
				.param("date", "2026-11-20")
				.param("description", "sneezing"))
			.andExpect(status().is3xxRedirection())
			.andExpect(redirectedUrl("/owners/" + OWNER_ID));
		ArgumentCaptor<Owner> saved = ArgumentCaptor.forClass(Owner.class);
		verify(this.owners).save(saved.capture());
		assertThat(saved.getValue().getPet(new PetId(PET_ID)).getVisits()).hasSize(2)
			.filteredOn(Visit::isNew)
			.singleElement()
			.satisfies((visit) -> {
				assertThat(visit.getDescription()).isEqualTo("sneezing");
				assertThat(visit.getDate()).isEqualTo(LocalDate.of(2026, 11, 20));
			});
	}

	@Test
	void aVisitWithoutDescriptionIsShownAgain() throws Exception {
		String visitsPath = "/owners/" + OWNER_ID + "/pets/" + PET_ID + "/visits/new";
		this.mvc.perform(post(visitsPath).param("date", "2026-11-20"))
			.andExpect(status().isOk())
			.andExpect(model().attributeHasFieldErrors("visit", "description"))
			.andExpect(content().string(containsString("action=\"" + visitsPath + "\"")));
		verify(this.owners, never()).save(any());
	}

	@Test
	void aVisitIdWhereThePetIdBelongsIsABadRequest() throws Exception {
		this.mvc.perform(get("/owners/{ownerId}/pets/{petId}/visits/new", OWNER_ID, VISIT_ID))
			.andExpect(status().isBadRequest());
		this.mvc.perform(post("/owners/{ownerId}/pets/{petId}/visits/new", PET_ID, PET_ID).param("description", "x"))
			.andExpect(status().isBadRequest());
		verifyNoInteractions(this.owners);
	}

}
