package com.example.plain;

import io.github.timesortedid.id.TypeId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/** No properties, no configuration classes: the starter alone gives the entity its IDs. */
@SpringBootTest
class StarterTests {

	@Autowired
	private InvoiceRepository invoices;

	@Test
	void anAnnotatedEntityGetsPrefixedUuidv7IdsWithNoOtherSetup() {
		Invoice first = this.invoices.save(new Invoice(1200));
		Invoice second = this.invoices.save(new Invoice(3400));
		assertThat(first.getId()).matches("inv_[0-7][0-9a-hjkmnp-tv-z]{25}");
		assertThat(TypeId.parse(first.getId()).uuid().version()).isEqualTo(7);
		assertThat(second.getId()).isGreaterThan(first.getId());
		assertThat(this.invoices.findById(second.getId()).orElseThrow().getCents()).isEqualTo(3400);
	}

}
