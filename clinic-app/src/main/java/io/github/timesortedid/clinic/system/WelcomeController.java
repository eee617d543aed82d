package io.github.timesortedid.clinic.system;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The home page. */
@Controller
class WelcomeController {

	@GetMapping("/")
	String welcome() {
		return "welcome";
	}

}
