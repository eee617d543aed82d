package io.github.timesortedid.jdbc.meetings;

import java.time.ZonedDateTime;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;

/** A meeting that keeps the zone it was planned in, not only its instant. */
public class Meeting {

	@Id
	@TimeSortedId(prefix = "mtg")
	private String id;

	private String title;

	private ZonedDateTime startsAt;

	Meeting() {
	}

	public Meeting(String id, String title, ZonedDateTime startsAt) {
		this.id = id;
		this.title = title;
		this.startsAt = startsAt;
	}

	public String getId() {
		return this.id;
	}

	public String getTitle() {
		return this.title;
	}

	public ZonedDateTime getStartsAt() {
		return this.startsAt;
	}

}
