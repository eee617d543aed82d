package io.github.timesortedid.clinic.vet;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/** Lists the vets, as a page and as JSON. */
@Controller
class VetController {

	private static final int PAGE_SIZE = 5;

	private final VetRepository vets;

	VetController(VetRepository vets) {
		this.vets = vets;
	}

	@GetMapping("/vets")
	String showVetList(@RequestParam(defaultValue = "1") int page, Model model) {
		Page<Vet> found = this.vets
			.findAll(PageRequest.of(Math.max(page, 1) - 1, PAGE_SIZE, Sort.by("lastName", "firstName")));
		model.addAttribute("currentPage", Math.max(page, 1));
		model.addAttribute("totalPages", found.getTotalPages());
		model.addAttribute("totalItems", found.getTotalElements());
		model.addAttribute("listVets", found.getContent());
		return "vets/vetList";
	}

	@GetMapping("/vets.json")
	@ResponseBody
	Vets showResourcesVetList() {
		return new Vets(this.vets.findAll());
	}

}
