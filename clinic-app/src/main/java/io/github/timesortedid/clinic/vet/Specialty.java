package io.github.timesortedid.clinic.vet;

import io.github.timesortedid.clinic.model.NamedEntity;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A vet's specialty (surgery, dentistry, ...): {@code spec_} + a uuidv7 body. */
@Entity
@Table(name = "specialties")
public class Specialty extends NamedEntity<SpecialtyId> {

	private static final long serialVersionUID = 1L;

}
