package io.github.timesortedid.clinic.owner;

import java.util.List;

import jakarta.validation.Valid;
import org.springframework.stereotype.Controller;
import org.springframework.util.StringUtils;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.InitBinder;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** Adds pets to an owner and edits them. */
@Controller
@RequestMapping("/owners/{ownerId}")
class PetController {

	static final String PET_FORM = "pets/createOrUpdatePetForm";

	private final OwnerRepository owners;

	private final PetTypeRepository types;

	PetController(OwnerRepository owners, PetTypeRepository types) {
		this.owners = owners;
		this.types = types;
	}

	@ModelAttribute("types")
	List<PetType> populatePetTypes() {
		return this.types.findAllByOrderByName();
	}

	@ModelAttribute("owner")
	Owner findOwner(@PathVariable OwnerId ownerId) {
		return this.owners.findById(ownerId).orElseThrow(() -> new OwnerNotFoundException(ownerId));
	}

	@ModelAttribute("pet")
	Pet findPet(@ModelAttribute(name = "owner", binding = false) Owner owner,
			@PathVariable(name = "petId", required = false) PetId petId) {
		if (petId == null) {
			return new Pet();
		}
		Pet pet = owner.getPet(petId);
		if (pet == null) {
			throw new PetNotFoundException(owner.getId(), petId);
		}
		return pet;
	}

	@InitBinder("pet")
	void initPetBinder(WebDataBinder dataBinder) {
		dataBinder.setDisallowedFields("id");
	}

	@GetMapping("/pets/new")
	String initCreationForm() {
		return PET_FORM;
	}

	@PostMapping("/pets/new")
	String processCreationForm(@ModelAttribute(name = "owner", binding = false) Owner owner,
			@Valid Pet pet, BindingResult result, RedirectAttributes redirectAttributes) {
		if (StringUtils.hasText(pet.getName()) && owner.getPet(pet.getName(), true) != null) {
			result.rejectValue("name", "duplicate", "already exists");
		}
		if (result.hasErrors()) {
			return PET_FORM;
		}
		owner.addPet(pet);
		this.owners.save(owner);
		redirectAttributes.addFlashAttribute("message", "New pet added");
		return "redirect:/owners/" + owner.getId();
	}

	@GetMapping("/pets/{petId}/edit")
	String initUpdateForm() {
		return PET_FORM;
	}

	@PostMapping("/pets/{petId}/edit")
	String processUpdateForm(@ModelAttribute(name = "owner", binding = false) Owner owner,
			@Valid Pet pet, BindingResult result, RedirectAttributes redirectAttributes) {
		Pet sameName = StringUtils.hasText(pet.getName()) ? owner.getPet(pet.getName(), false) : null;
		if (sameName != null && !sameName.getId().equals(pet.getId())) {
			result.rejectValue("name", "duplicate", "already exists");
		}
		if (result.hasErrors()) {
			return PET_FORM;
		}
		this.owners.save(owner);
		redirectAttributes.addFlashAttribute("message", "Pet details updated");
		return "redirect:/owners/" + owner.getId();
	}

}
