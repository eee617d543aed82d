package io.github.timesortedid.web;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import org.jspecify.annotations.Nullable;

/**
 * How the edges read a typed ID from text: with the application's {@link TimeSortedIds}, against the
 * full format of the type's attribute; without one (a web or JSON test slice has no database), by
 * the type's own check of prefix and separator.
 *
 * @param ids the application's IDs, or {@code null} where there are none
 */
record TypedIdReader(@Nullable TimeSortedIds ids) {

	TypedId read(Class<? extends TypedId> type, String text) {
		return (this.ids != null) ? this.ids.parse(type, text) : TypedIds.of(type, text);
	}

}
