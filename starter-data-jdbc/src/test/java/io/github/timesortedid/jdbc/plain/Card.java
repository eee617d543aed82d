package io.github.timesortedid.jdbc.plain;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate with a typed ID, beside the notes. */
@Table
public class Card {

	@Id
	@TimeSortedId
	private CardId id;

	private Colour colour;

	Card() {
	}

	public Card(Colour colour) {
		this.colour = colour;
	}

	public CardId getId() {
		return this.id;
	}

	public Colour getColour() {
		return this.colour;
	}

	/** A value type the application converts itself, as its own configuration registers. */
	public record Colour(String hex) {
	}

}
