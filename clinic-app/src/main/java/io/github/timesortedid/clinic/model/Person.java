package io.github.timesortedid.clinic.model;

import io.github.timesortedid.TypedId;
import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import jakarta.validation.constraints.NotBlank;

/**
 * A person: an owner or a vet.
 *
 * @param <ID> the entity's typed ID
 */
@MappedSuperclass
public abstract class Person<ID extends TypedId> extends BaseEntity<ID> {

	private static final long serialVersionUID = 1L;

	@Column(name = "first_name")
	@NotBlank
	private String firstName;

	@Column(name = "last_name")
	@NotBlank
	private String lastName;

	public String getFirstName() {
		return this.firstName;
	}

	public void setFirstName(String firstName) {
		this.firstName = firstName;
	}

	public String getLastName() {
		return this.lastName;
	}

	public void setLastName(String lastName) {
		this.lastName = lastName;
	}

}
