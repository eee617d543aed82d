package io.github.timesortedid.jdbc.blog;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

/** An immutable aggregate with a version. */
// tag::versioned[]
@Table
public record Invoice(@Id @TimeSortedId(prefix = "inv") String id, @Version Long version, int cents) {

	public Invoice withCents(int cents) {
		return new Invoice(this.id, this.version, cents);
	}

}
// end::versioned[]
