package io.github.timesortedid.insert;

import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Transient;
import org.springframework.data.domain.Persistable;

/**
 * A base class for entities whose ID may be set before {@code save()}: Spring Data decides between
 * {@code persist} and {@code merge} by asking {@link #isNew()}, which here is true until the entity
 * has been persisted or loaded, rather than "the ID is null". So saving an entity with a chosen ID
 * is one INSERT, not a SELECT followed by an INSERT.
 *
 * @param <ID> the identifier type
 */
@MappedSuperclass
public abstract class AssignedIdEntity<ID> implements Persistable<ID> {

	@Transient
	private boolean stored;

	@Override
	public boolean isNew() {
		return !this.stored;
	}

	@PostPersist
	@PostLoad
	void markStored() {
		this.stored = true;
	}

}
