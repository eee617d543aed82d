package io.github.timesortedid.sample;

import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.json.JsonTest;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Test slices see typed IDs as the application does: {@code @WebMvcTest} converts path variables
 * and writes plain strings, {@code @JsonTest} writes plain strings, not {@code {"value":"…"}}.
 */
class TypedIdSliceTests {

	static final String ID = "post_01m80m8fdeefn8sbsertbdp6n0";

	@RestController
	static class EchoController {

		@GetMapping("/echo/{id}")
		Map<String, Object> echo(@PathVariable PostId id) {
			return Map.of("id", id, "type", id.getClass().getSimpleName());
		}

	}

	@Nested
	@WebMvcTest(controllers = EchoController.class)
	@Import(EchoController.class)
	class InWebMvcTest {

		@Autowired
		private MockMvc mvc;

		@Test
		void pathVariablesConvertAndJsonIsThePlainId() throws Exception {
			this.mvc.perform(get("/echo/" + ID))
				.andExpect(status().isOk())
				.andExpect(content().json("{\"id\":\"" + ID + "\",\"type\":\"PostId\"}", true));
			this.mvc.perform(get("/echo/acct_01m80m8fdeefn8sbsertbdp6n0")).andExpect(status().isBadRequest());
		}

	}

	@Nested
	@JsonTest
	class InJsonTest {

		@Autowired
		private JsonMapper json;

		@Test
		void typedIdsAreWrittenAndReadAsPlainStrings() {
			assertThat(this.json.writeValueAsString(Map.of("id", new PostId(ID)))).isEqualTo("{\"id\":\"" + ID + "\"}");
			assertThat(this.json.readValue("\"" + ID + "\"", PostId.class)).isEqualTo(new PostId(ID));
		}

	}

}
