package io.github.timesortedid.jdbc.shapes;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Transient;
import org.springframework.data.domain.Persistable;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate that says itself whether it is new ({@code Persistable}): new until it was loaded. */
@Table
public class Memo implements Persistable<String> {

	@Id
	@TimeSortedId(prefix = "memo")
	String id;

	String body;

	@Transient
	boolean fresh;

	Memo() {
	}

	Memo(String body) {
		this.body = body;
		this.fresh = true;
	}

	@Override
	public String getId() {
		return this.id;
	}

	@Override
	public boolean isNew() {
		return this.fresh;
	}

}
