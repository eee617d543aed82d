package io.github.timesortedid.clinic.owner;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.Pageable;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willAnswer;
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

/**
 * The owner pages in the web slice, the repository mocked: typed IDs in paths, links and redirects
 * are the ID text.
 */
@WebMvcTest(OwnerController.class)
class OwnerControllerTests {

	private static final String MARTA_ID = "owner_01ke6p4ym0e09rnn6zt1c0x5s2";

	private static final String HENRIK_ID = "owner_01ke6paed0fb3869tgcv7a35xs";

	private static final String PEPPER_ID = "pet_01ke6sjt80fz599xv8c51n3pyh";

	private static final String VISIT_ID = "visit_01kgj3pv00f4n9ce3pphz9xgy9";

	private static final String NEW_OWNER_ID = "owner_01m80m8fdeefn8sbsertbdp6n0";

	@Autowired
	private MockMvc mvc;

	@MockitoBean
	private OwnerRepository owners;

	private Owner marta;

	@BeforeEach
	void marta() {
		this.marta = owner(MARTA_ID, "Marta", "Novak");
		PetType cat = new PetType();
		cat.setId(new PetTypeId("type_01ke6jtr62epmrabt025tq05qs"));
		cat.setName("cat");
		Pet pepper = new Pet();
		pepper.setId(new PetId(PEPPER_ID));
		pepper.setName("Pepper");
		pepper.setBirthDate(LocalDate.of(2019, 3, 14));
		pepper.setType(cat);
		Visit visit = new Visit();
		visit.setId(new VisitId(VISIT_ID));
		visit.setDate(LocalDate.of(2026, 2, 3));
		visit.setDescription("annual vaccinations");
		pepper.addVisit(visit);
		this.marta.getPets().add(pepper);
		given(this.owners.findById(new OwnerId(MARTA_ID))).willReturn(Optional.of(this.marta));
	}

	@Test
	void showOwnerLooksTheOwnerUpByTheTypedIdInThePathAndLinksByIds() throws Exception {
		this.mvc.perform(get("/owners/{ownerId}", MARTA_ID))
			.andExpect(status().isOk())
			.andExpect(view().name("owners/ownerDetails"))
			.andExpect(model().attribute("owner", this.marta))
			.andExpect(content().string(allOf(containsString("href=\"/owners/" + MARTA_ID + "/edit\""),
					containsString("href=\"/owners/" + MARTA_ID + "/pets/new\""),
					containsString("href=\"/owners/" + MARTA_ID + "/pets/" + PEPPER_ID + "/edit\""),
					containsString("href=\"/owners/" + MARTA_ID + "/pets/" + PEPPER_ID + "/visits/new\""),
					containsString("data-visit-id=\"" + VISIT_ID + "\""),
					containsString("<code>" + MARTA_ID + "</code>"), not(containsString("[value=")))));
		ArgumentCaptor<OwnerId> id = ArgumentCaptor.forClass(OwnerId.class);
		verify(this.owners).findById(id.capture());
		assertThat(id.getValue()).isInstanceOf(OwnerId.class).isEqualTo(new OwnerId(MARTA_ID));
	}

	@Test
	void anotherTypesIdOrAnOldNumericIdInThePathIsABadRequest() throws Exception {
		this.mvc.perform(get("/owners/{ownerId}", PEPPER_ID)).andExpect(status().isBadRequest());
		this.mvc.perform(get("/owners/{ownerId}", "1")).andExpect(status().isBadRequest());
		this.mvc.perform(get("/owners/{ownerId}/edit", MARTA_ID.toUpperCase(Locale.ROOT)))
			.andExpect(status().isBadRequest());
		verifyNoInteractions(this.owners);
	}

	@Test
	void anUnknownOwnerIsNotFound() throws Exception {
		given(this.owners.findById(new OwnerId(NEW_OWNER_ID))).willReturn(Optional.empty());
		this.mvc.perform(get("/owners/{ownerId}", NEW_OWNER_ID)).andExpect(status().isNotFound());
	}

	@Test
	void creatingAnOwnerRedirectsToTheIdItWasGiven() throws Exception {
		willAnswer((invocation) -> {
			Owner saved = invocation.getArgument(0);
			assertThat(saved.getId()).as("an ID posted with the form").isNull();
			saved.setId(new OwnerId(NEW_OWNER_ID));   // what Hibernate does on persist
			return saved;
		}).given(this.owners).save(any(Owner.class));

		this.mvc
			.perform(post("/owners/new").param("id", HENRIK_ID)
				.param("firstName", "Ada")
				.param("lastName", "Byron")
				.param("address", "12 Analytical Row")
				.param("city", "London")
				.param("telephone", "6085550123"))
			.andExpect(status().is3xxRedirection())
			.andExpect(redirectedUrl("/owners/" + NEW_OWNER_ID));
		verify(this.owners).save(any(Owner.class));
	}

	@Test
	void anInvalidEditIsShownAgainPostingToTheSameOwner() throws Exception {
		this.mvc
			.perform(post("/owners/{ownerId}/edit", MARTA_ID).param("firstName", "Marta")
				.param("lastName", "Novak")
				.param("address", "")
				.param("city", "Fairview")
				.param("telephone", "12"))
			.andExpect(status().isOk())
			.andExpect(view().name("owners/createOrUpdateOwnerForm"))
			.andExpect(model().attributeHasFieldErrors("owner", "address", "telephone"))
			.andExpect(content().string(allOf(containsString("action=\"/owners/" + MARTA_ID + "/edit\""),
					not(containsString("[value=")))));
		verify(this.owners, never()).save(any(Owner.class));
	}

	@Test
	void theEditFormPostsToTheOwnersId() throws Exception {
		this.mvc.perform(get("/owners/{ownerId}/edit", MARTA_ID))
			.andExpect(status().isOk())
			.andExpect(model().attribute("owner", this.marta))
			.andExpect(content().string(allOf(containsString("action=\"/owners/" + MARTA_ID + "/edit\""),
					containsString("value=\"Novak\""), not(containsString("[value=")))));
	}

	@Test
	void updatingAnOwnerSavesItUnderTheIdOfThePathAndRedirectsThere() throws Exception {
		this.mvc
			.perform(post("/owners/{ownerId}/edit", MARTA_ID).param("id", HENRIK_ID)
				.param("firstName", "Marta")
				.param("lastName", "Novak-Horvat")
				.param("address", "14 Linden Lane")
				.param("city", "Fairview")
				.param("telephone", "6085551023"))
			.andExpect(status().is3xxRedirection())
			.andExpect(redirectedUrl("/owners/" + MARTA_ID));
		ArgumentCaptor<Owner> saved = ArgumentCaptor.forClass(Owner.class);
		verify(this.owners).save(saved.capture());
		assertThat(saved.getValue().getId()).isEqualTo(new OwnerId(MARTA_ID));
		assertThat(saved.getValue().getLastName()).isEqualTo("Novak-Horvat");
		assertThat(saved.getValue().getPets()).extracting(Pet::getId).containsExactly(new PetId(PEPPER_ID));
	}

	@Test
	void findingSeveralOwnersListsLinksToEach() throws Exception {
		Owner henrik = owner(HENRIK_ID, "Henrik", "Novak");
		given(this.owners.findByLastNameStartingWith(eq("Novak"), any(Pageable.class)))
			.willReturn(new PageImpl<>(List.of(henrik, this.marta)));
		this.mvc.perform(get("/owners").param("lastName", "Novak"))
			.andExpect(status().isOk())
			.andExpect(view().name("owners/ownersList"))
			.andExpect(content().string(allOf(containsString("href=\"/owners/" + HENRIK_ID + "\""),
					containsString("href=\"/owners/" + MARTA_ID + "\""), not(containsString("[value=")))));
	}

	@Test
	void findingOneOwnerRedirectsToIt() throws Exception {
		given(this.owners.findByLastNameStartingWith(eq("Nov"), any(Pageable.class)))
			.willReturn(new PageImpl<>(List.of(this.marta)));
		this.mvc.perform(get("/owners").param("lastName", "Nov"))
			.andExpect(status().is3xxRedirection())
			.andExpect(redirectedUrl("/owners/" + MARTA_ID));
	}

	private static Owner owner(String id, String firstName, String lastName) {
		Owner owner = new Owner();
		owner.setId(new OwnerId(id));
		owner.setFirstName(firstName);
		owner.setLastName(lastName);
		owner.setAddress("14 Linden Lane");
		owner.setCity("Fairview");
		owner.setTelephone("6085551023");
		return owner;
	}

}
