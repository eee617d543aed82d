package io.github.timesortedid.web;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.LocalDate;

import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import io.github.timesortedid.autoconfigure.fixtures.clinic.Owner;
import io.github.timesortedid.autoconfigure.fixtures.clinic.OwnerRepository;
import io.github.timesortedid.autoconfigure.fixtures.clinic.Pet;
import io.github.timesortedid.autoconfigure.fixtures.timeline.TimelineApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** Typed IDs behave like values outside JPA: serializable, and warned about when their toString() is not the ID. */
@ExtendWith(OutputCaptureExtension.class)
class TypedIdValueTests {

	@Test
	void serializableEntitiesHoldingTypedIdsSerialize() throws Exception {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ClinicApplication.class)
			.web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:typed-values")
			.run()) {
			Owner owner = context.getBean(OwnerRepository.class).insert(new Owner("Davis")).entity();
			Pet pet = new Pet("Basil", LocalDate.of(2019, 8, 6), owner);
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
				out.writeObject(pet);
			}
			try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
				Pet copy = (Pet) in.readObject();
				assertThat(copy.getOwner().getId()).isEqualTo(owner.getId());
				assertThat(copy.getOwner().getId().toString()).isEqualTo(owner.getId().value());
			}
		}
	}

	@Test
	void aTypedIdWithTheRecordsDefaultToStringIsWarnedAboutAtStartup(CapturedOutput output) {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TimelineApplication.class)
			.web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:typed-warning")
			.run()) {
			assertThat(output).contains("NoteId.toString() returns 'NoteId[value=note_")
				.contains("Override toString() in io.github.timesortedid.autoconfigure.fixtures.timeline.NoteId to return value()")
				.doesNotContain("OwnerId.toString() returns");
		}
	}

}
