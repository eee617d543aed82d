package io.github.timesortedid.clinic.owner;

import java.util.List;

import jakarta.validation.Valid;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.InitBinder;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** Finds, shows, creates and edits owners. */
@Controller
class OwnerController {

	static final String OWNER_FORM = "owners/createOrUpdateOwnerForm";

	private static final int PAGE_SIZE = 5;

	private final OwnerRepository owners;

	OwnerController(OwnerRepository owners) {
		this.owners = owners;
	}

	@InitBinder
	void setAllowedFields(WebDataBinder dataBinder) {
		// the ID comes from the path, never from a form field
		dataBinder.setDisallowedFields("id");
	}

	@ModelAttribute("owner")
	Owner findOwner(@PathVariable(name = "ownerId", required = false) OwnerId ownerId) {
		return (ownerId != null) ? this.owners.findById(ownerId).orElseThrow(() -> new OwnerNotFoundException(ownerId))
				: new Owner();
	}

	@GetMapping("/owners/new")
	String initCreationForm() {
		return OWNER_FORM;
	}

	@PostMapping("/owners/new")
	String processCreationForm(@Valid Owner owner, BindingResult result, RedirectAttributes redirectAttributes) {
		if (result.hasErrors()) {
			return OWNER_FORM;
		}
		this.owners.save(owner);
		redirectAttributes.addFlashAttribute("message", "New owner created");
		return "redirect:/owners/" + owner.getId();
	}

	@GetMapping("/owners/find")
	String initFindForm() {
		return "owners/findOwners";
	}

	@GetMapping("/owners")
	String processFindForm(@RequestParam(defaultValue = "1") int page, Owner owner, BindingResult result, Model model) {
		String lastName = (owner.getLastName() != null) ? owner.getLastName() : "";
		Page<Owner> found = this.owners.findByLastNameStartingWith(lastName,
				PageRequest.of(Math.max(page, 1) - 1, PAGE_SIZE, Sort.by("lastName", "firstName")));
		if (found.isEmpty()) {
			result.rejectValue("lastName", "notFound", "has not been found");
			return "owners/findOwners";
		}
		if (found.getTotalElements() == 1) {
			return "redirect:/owners/" + found.getContent().get(0).getId();
		}
		List<Owner> listOwners = found.getContent();
		model.addAttribute("currentPage", Math.max(page, 1));
		model.addAttribute("totalPages", found.getTotalPages());
		model.addAttribute("totalItems", found.getTotalElements());
		model.addAttribute("listOwners", listOwners);
		model.addAttribute("lastName", lastName);
		return "owners/ownersList";
	}

	@GetMapping("/owners/{ownerId}/edit")
	String initUpdateOwnerForm() {
		return OWNER_FORM;
	}

	@PostMapping("/owners/{ownerId}/edit")
	String processUpdateOwnerForm(@Valid Owner owner, BindingResult result, @PathVariable OwnerId ownerId,
			RedirectAttributes redirectAttributes) {
		if (result.hasErrors()) {
			return OWNER_FORM;
		}
		owner.setId(ownerId);
		this.owners.save(owner);
		redirectAttributes.addFlashAttribute("message", "Owner details updated");
		return "redirect:/owners/" + owner.getId();
	}

	@GetMapping("/owners/{ownerId}")
	String showOwner(@ModelAttribute(name = "owner", binding = false) Owner owner) {
		return "owners/ownerDetails";
	}

}
