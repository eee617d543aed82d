package io.github.timesortedid.clinic.owner;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/**
 * The pet form in the web slice: its type select carries pet type IDs, which come back through
 * {@link PetTypeFormatter}; the owner and pet are found by the typed IDs of the path.
 */
@WebMvcTest(controllers = PetController.class,
		includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = PetTypeFormatter.class))
class PetControllerTests {

	private static final String OWNER_ID = "owner_01ke6p4ym0e09rnn6zt1c0x5s2";

	private static final String PEPPER_ID = "pet_01ke6sjt80fz599xv8c51n3pyh";

	private static final String CAT_ID = "type_01ke6jtr62epmrabt025tq05qs";

	private static final String DOG_ID = "type_01ke6jtr63f30rqpqwj7t2c8bn";

	@Autowired
	private MockMvc mvc;

	@MockitoBean
	private OwnerRepository owners;

	@MockitoBean
	private PetTypeRepository types;

	private Owner owner;

	private PetType dog;

	@BeforeEach
	void ownerWithACat() {
		PetType cat = type(CAT_ID, "cat");
		this.dog = type(DOG_ID, "dog");
		given(this.types.findAllByOrderByName()).willReturn(List.of(cat, this.dog));
		given(this.types.findById(new PetTypeId(CAT_ID))).willReturn(Optional.of(cat));
		given(this.types.findById(new PetTypeId(DOG_ID))).willReturn(Optional.of(this.dog));
		this.owner = new Owner();
		this.owner.setId(new OwnerId(OWNER_ID));
		this.owner.setFirstName("Marta");
		this.owner.setLastName("Novak");
		Pet pepper = new Pet();
		pepper.setId(new PetId(PEPPER_ID));
		pepper.setName("Pepper");
		pepper.setBirthDate(LocalDate.of(2019, 3, 14));
		pepper.setType(cat);
		this.owner.getPets().add(pepper);
		given(this.owners.findById(new OwnerId(OWNER_ID))).willReturn(Optional.of(this.owner));
	}

	@Test
	void theNewPetFormOffersTypesByTheirIds() throws Exception {
		this.mvc.perform(get("/owners/{ownerId}/pets/new", OWNER_ID))
			.andExpect(status().isOk())
			.andExpect(view().name("pets/createOrUpdatePetForm"))
			.andExpect(content().string(allOf(containsString("action=\"/owners/" + OWNER_ID + "/pets/new\""),
					containsString("<option value=\"" + CAT_ID + "\">cat</option>"),
					containsString("<option value=\"" + DOG_ID + "\">dog</option>"), not(containsString("[value=")))));
	}

	@Test
	void addingAPetTurnsTheSubmittedTypeIdIntoThePetType() throws Exception {
		this.mvc
			.perform(post("/owners/{ownerId}/pets/new", OWNER_ID).param("name", "Biscuit")
				.param("birthDate", "2021-07-02")
				.param("type", DOG_ID))
			.andExpect(status().is3xxRedirection())
			.andExpect(redirectedUrl("/owners/" + OWNER_ID));
		verify(this.types).findById(new PetTypeId(DOG_ID));
		ArgumentCaptor<Owner> saved = ArgumentCaptor.forClass(Owner.class);
		verify(this.owners).save(saved.capture());
		assertThat(saved.getValue().getPet("Biscuit", false)).satisfies((biscuit) -> {
			assertThat(biscuit.isNew()).isTrue();
			assertThat(biscuit.getType()).isSameAs(this.dog);
			assertThat(biscuit.getBirthDate()).isEqualTo(LocalDate.of(2021, 7, 2));
		});
	}

	@Test
	void aTypeValueThatIsAnotherTypesIdIsAFieldErrorNotALookup() throws Exception {
		this.mvc
			.perform(post("/owners/{ownerId}/pets/new", OWNER_ID).param("name", "Biscuit")
				.param("birthDate", "2021-07-02")
				.param("type", "owner_01ke6jtr63f30rqpqwj7t2c8bn"))
			.andExpect(status().isOk())
			.andExpect(view().name("pets/createOrUpdatePetForm"))
			.andExpect(model().attributeHasFieldErrorCode("pet", "type", "typeMismatch"))
			.andExpect(content().string(containsString("is not one of the pet types")));
		// the form shown again converts its options to compare them with the bound value; none is another type's ID
		verify(this.types, never()).findById(argThat((id) -> !id.value().startsWith("type_")));
		verify(this.owners, never()).save(any());
	}

	@Test
	void theEditFormSelectsThePetsCurrentType() throws Exception {
		this.mvc.perform(get("/owners/{ownerId}/pets/{petId}/edit", OWNER_ID, PEPPER_ID))
			.andExpect(status().isOk())
			.andExpect(model().attribute("pet", this.owner.getPet(new PetId(PEPPER_ID))))
			.andExpect(content().string(allOf(
					containsString("action=\"/owners/" + OWNER_ID + "/pets/" + PEPPER_ID + "/edit\""),
					matchesPattern("(?s).*<option value=\"" + CAT_ID + "\" selected=\"selected\">cat</option>.*"),
					containsString("<option value=\"" + DOG_ID + "\">dog</option>"))));
	}

	@Test
	void updatingAPetChangesTheOwnersPetOfThatId() throws Exception {
		this.mvc
			.perform(post("/owners/{ownerId}/pets/{petId}/edit", OWNER_ID, PEPPER_ID).param("name", "Pepper")
				.param("birthDate", "2019-03-15")
				.param("type", DOG_ID))
			.andExpect(status().is3xxRedirection())
			.andExpect(redirectedUrl("/owners/" + OWNER_ID));
		ArgumentCaptor<Owner> saved = ArgumentCaptor.forClass(Owner.class);
		verify(this.owners).save(saved.capture());
		Pet pepper = saved.getValue().getPet(new PetId(PEPPER_ID));
		assertThat(pepper.getType()).isSameAs(this.dog);
		assertThat(pepper.getBirthDate()).isEqualTo(LocalDate.of(2019, 3, 15));
		assertThat(saved.getValue().getPets()).hasSize(1);
	}

	@Test
	void aPetIdTheOwnerDoesNotHaveIsNotFoundAndAnOwnerIdInThePetSlotIsABadRequest() throws Exception {
		this.mvc.perform(get("/owners/{ownerId}/pets/{petId}/edit", OWNER_ID, "pet_01ke6smmv0e5yr09webwha4my7"))
			.andExpect(status().isNotFound());
		this.mvc.perform(get("/owners/{ownerId}/pets/{petId}/edit", OWNER_ID, OWNER_ID))
			.andExpect(status().isBadRequest());
		this.mvc.perform(get("/owners/{ownerId}/pets/new", PEPPER_ID)).andExpect(status().isBadRequest());
	}

	private static PetType type(String id, String name) {
		PetType type = new PetType();
		type.setId(new PetTypeId(id));
		type.setName(name);
		return type;
	}

}
