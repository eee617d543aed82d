package io.github.timesortedid.jdbc.blog;

import java.util.UUID;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate with a UUIDv7 ID. */
@Table
public class Device {

	@Id
	@TimeSortedId
	private UUID id;

	private String name;

	Device() {
	}

	public Device(String name) {
		this.name = name;
	}

	public UUID getId() {
		return this.id;
	}

	public String getName() {
		return this.name;
	}

}
