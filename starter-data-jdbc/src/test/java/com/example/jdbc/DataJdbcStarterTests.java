package com.example.jdbc;

import io.github.timesortedid.id.TypeId;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * An application with nothing but this starter, a JDBC driver and Spring MVC: no Hibernate, no Jakarta
 * Persistence, and still IDs on its aggregates, typed IDs in its columns, URLs and JSON. Its settings
 * are in {@code application-tickets.yml}, kept from the module's other applications.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("tickets")
class DataJdbcStarterTests {

	@Autowired
	private TicketRepository tickets;

	@Autowired
	private MockMvc mvc;

	@Autowired
	private MeterRegistry meters;

	@Test
	void neitherHibernateNorJakartaPersistenceIsOnTheClasspath() {
		assertThatExceptionOfType(ClassNotFoundException.class).isThrownBy(() -> Class.forName("org.hibernate.Session"));
		assertThatExceptionOfType(ClassNotFoundException.class)
			.isThrownBy(() -> Class.forName("jakarta.persistence.Entity"));
	}

	@Test
	void anAggregateGetsItsIdsAndIsFoundAgain() {
		Ticket saved = this.tickets.save(new Ticket("Printer jams", "tried turning it off", "and on again"));
		assertThat(saved.getId().value()).matches("tkt_[0-7][0-9a-hjkmnp-tv-z]{25}");
		assertThat(TypeId.parse(saved.getId().value()).uuid().version()).isEqualTo(7);
		assertThat(saved.getLines()).allSatisfy(line -> assertThat(line.getId()).startsWith("line_"));
		Ticket found = this.tickets.findById(saved.getId()).orElseThrow();
		assertThat(found.getTitle()).isEqualTo("Printer jams");
		assertThat(found.getLines()).extracting(TicketLine::getId)
			.containsExactly(saved.getLines().get(0).getId(), saved.getLines().get(1).getId());
	}

	@Test
	void typedIdsAreTextInPathVariablesAndJson() throws Exception {
		Ticket saved = this.tickets.save(new Ticket("Screen flickers", "cable swapped"));
		String id = saved.getId().value();
		this.mvc.perform(get("/tickets/{id}", id))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.id").value(id))
			.andExpect(jsonPath("$.lines[0].id").value(saved.getLines().get(0).getId()));
		// another aggregate's ID is no ticket ID: refused before the controller runs
		this.mvc.perform(get("/tickets/{id}", saved.getLines().get(0).getId())).andExpect(status().isBadRequest());
	}

	@Test
	void theIdGeneratorsAreMeteredWithoutJpa() {
		this.tickets.save(new Ticket("Keyboard sticks"));
		assertThat(this.meters.find("time.sorted.id.generated").tag("entity", "Ticket").functionCounter())
			.isNotNull()
			.satisfies(counter -> assertThat(counter.count()).isPositive());
	}

}
