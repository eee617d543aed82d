package io.github.timesortedid.jdbc.shapes;

import java.time.Instant;
import java.util.Objects;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate with a lifecycle: an {@code AbstractTypedId} ID, a {@code @Version}, Spring Data's
 * auditing dates, a call sign the application's own {@code BeforeConvertCallback} sets, and equality
 * by ID.
 */
@Table
public class Crew {

	@Id
	@TimeSortedId
	CrewId id;

	@Version
	Long version;

	String name;

	String callSign;

	@CreatedDate
	Instant createdAt;

	@LastModifiedDate
	Instant modifiedAt;

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof Crew crew && this.id != null && this.id.equals(crew.id));
	}

	@Override
	public int hashCode() {
		return Objects.hashCode(this.id);
	}

}
