package io.github.timesortedid.clinic.model;

import java.io.Serializable;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.TypedId;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/**
 * The base of every entity: declares the ID once, generic in its type, so that each entity names
 * its own typed ID ({@code class Owner extends BaseEntity<OwnerId>}) and gets that ID's prefix.
 *
 * @param <ID> the entity's typed ID
 */
@MappedSuperclass
public abstract class BaseEntity<ID extends TypedId> implements Serializable {

	private static final long serialVersionUID = 1L;

	@Id
	@TimeSortedId
	private ID id;

	public ID getId() {
		return this.id;
	}

	public void setId(ID id) {
		this.id = id;
	}

	/**
	 * Whether the entity has not been stored yet. The ID is assigned when Hibernate persists the
	 * entity, so an entity without one is new.
	 * @return {@code true} before the first persist
	 */
	public boolean isNew() {
		return this.id == null;
	}

}
