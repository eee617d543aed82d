package io.github.timesortedid.insert;

import java.util.List;

import io.github.timesortedid.TypedIds;
import org.springframework.dao.DuplicateKeyException;

/**
 * Thrown when a retry-safe insert finds a row with its ID already stored, but with other data: the
 * same ID was used for a different entity, so the insert is neither new nor a replay. Names the
 * entity, the ID and the attributes that differ.
 */
public class InsertConflictException extends DuplicateKeyException {

	private static final long serialVersionUID = 1L;

	/** The state of an ID stored before the insert with other data. */
	static final String STORED = "already exists with different data";

	/** The state of an ID that an earlier aggregate of the same batch has, with other data. */
	static final String TWICE_IN_BATCH = "is twice in the batch with different data";

	private final String entityName;

	private final transient Object id;

	private final List<String> differingAttributes;

	/**
	 * Creates an exception.
	 * @param entityName the JPA entity name
	 * @param id the ID both rows have
	 * @param differingAttributes the attributes whose stored value differs from the attempted one
	 */
	public InsertConflictException(String entityName, Object id, List<String> differingAttributes) {
		this(entityName, id, STORED, differingAttributes);
	}

	/**
	 * Creates an exception for an ID that is twice in one batch, with different data, or already stored.
	 * @param state where the ID is already, with what: {@link #STORED} or {@link #TWICE_IN_BATCH}
	 */
	InsertConflictException(String entityName, Object id, String state, List<String> differingAttributes) {
		super(entityName + " " + TypedIds.text(id) + " " + state + ": " + String.join(", ", differingAttributes)
				+ ((differingAttributes.size() == 1) ? " differs" : " differ"));
		this.entityName = entityName;
		this.id = id;
		this.differingAttributes = List.copyOf(differingAttributes);
	}

	/**
	 * Returns the JPA entity name.
	 * @return the entity name
	 */
	public String getEntityName() {
		return this.entityName;
	}

	/**
	 * Returns the ID.
	 * @return the ID
	 */
	public Object getId() {
		return this.id;
	}

	/**
	 * Returns the attributes whose stored value differs from the attempted one.
	 * @return attribute names, in mapping order
	 */
	public List<String> getDifferingAttributes() {
		return this.differingAttributes;
	}

}
