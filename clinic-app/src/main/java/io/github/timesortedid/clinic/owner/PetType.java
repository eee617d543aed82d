package io.github.timesortedid.clinic.owner;

import io.github.timesortedid.clinic.model.NamedEntity;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A kind of pet (cat, dog, ...): {@code type_} + a uuidv7 body. */
@Entity
@Table(name = "types")
public class PetType extends NamedEntity<PetTypeId> {

	private static final long serialVersionUID = 1L;

}
