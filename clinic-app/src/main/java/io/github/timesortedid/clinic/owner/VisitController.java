package io.github.timesortedid.clinic.owner;

import jakarta.validation.Valid;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.InitBinder;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** Books visits for an owner's pet. */
@Controller
class VisitController {

	static final String VISIT_FORM = "pets/createOrUpdateVisitForm";

	private final OwnerRepository owners;

	VisitController(OwnerRepository owners) {
		this.owners = owners;
	}

	@InitBinder
	void setAllowedFields(WebDataBinder dataBinder) {
		dataBinder.setDisallowedFields("id");
	}

	/**
	 * Loads the owner and the pet of the path, puts them in the model, and starts a visit, before
	 * each request of this controller.
	 * @param ownerId the owner's ID from the path
	 * @param petId the pet's ID from the path
	 * @param model the model
	 * @return a new visit
	 */
	@ModelAttribute("visit")
	Visit loadPetWithVisit(@PathVariable OwnerId ownerId, @PathVariable PetId petId,
			Model model) {
		Owner owner = this.owners.findById(ownerId).orElseThrow(() -> new OwnerNotFoundException(ownerId));
		Pet pet = owner.getPet(petId);
		if (pet == null) {
			throw new PetNotFoundException(ownerId, petId);
		}
		model.addAttribute("owner", owner);
		model.addAttribute("pet", pet);
		return new Visit();
	}

	@GetMapping("/owners/{ownerId}/pets/{petId}/visits/new")
	String initNewVisitForm() {
		return VISIT_FORM;
	}

	@PostMapping("/owners/{ownerId}/pets/{petId}/visits/new")
	String processNewVisitForm(@ModelAttribute(name = "owner", binding = false) Owner owner,
			@PathVariable PetId petId, @Valid Visit visit, BindingResult result,
			RedirectAttributes redirectAttributes) {
		if (result.hasErrors()) {
			return VISIT_FORM;
		}
		owner.addVisit(petId, visit);
		this.owners.save(owner);
		redirectAttributes.addFlashAttribute("message", "Your visit has been booked");
		return "redirect:/owners/" + owner.getId();
	}

}
