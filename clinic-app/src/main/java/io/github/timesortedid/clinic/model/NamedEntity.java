package io.github.timesortedid.clinic.model;

import io.github.timesortedid.TypedId;
import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import jakarta.validation.constraints.NotBlank;

/**
 * An entity with a name, which is also its text in views.
 *
 * @param <ID> the entity's typed ID
 */
@MappedSuperclass
public abstract class NamedEntity<ID extends TypedId> extends BaseEntity<ID> {

	private static final long serialVersionUID = 1L;

	@Column(name = "name")
	@NotBlank
	private String name;

	public String getName() {
		return this.name;
	}

	public void setName(String name) {
		this.name = name;
	}

	@Override
	public String toString() {
		return (this.name != null) ? this.name : "";
	}

}
