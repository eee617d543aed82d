package io.github.timesortedid.benchmarks.datajdbc.minted;

import io.github.timesortedid.IdPrefix;
import io.github.timesortedid.TypedId;

/**
 * The ID of a {@link BinaryOrder}: a {@code bord_} uuidv7 ID (a prefix of its own: one prefix per ID type), as a typed ID.
 * @param value the ID's text
 */
@IdPrefix("bord")
public record OrderId(String value) implements TypedId {

	@Override
	public String toString() {
		return this.value;
	}

}
