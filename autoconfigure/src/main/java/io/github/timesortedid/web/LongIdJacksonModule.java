package io.github.timesortedid.web;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.github.timesortedid.TimeSortedId;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.module.SimpleModule;

/**
 * Jackson 3 support for JavaScript clients: every {@code @TimeSortedId} {@code Long} or
 * {@code long} attribute is written as a JSON string, {@code "2124591150973530270"}, since a
 * JavaScript number is exact only up to 2^53 and a {@code snowflake} ID is above it. It is as if
 * each such attribute carried {@code @JsonFormat(shape = JsonFormat.Shape.STRING)}: Jackson writes
 * the digits as a string and reads the attribute from a string or a number, and an attribute's own
 * {@code @JsonFormat(shape = JsonFormat.Shape.NUMBER)} keeps it a number. Other {@code long}
 * values are left alone.
 */
public final class LongIdJacksonModule extends SimpleModule {

	private static final long serialVersionUID = 1L;

	/** Creates the module. */
	public LongIdJacksonModule() {
		super("time-sorted-id-long-ids-as-strings");
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		// appended: Jackson's own introspector comes first, so an explicit @JsonFormat wins
		context.appendAnnotationIntrospector(new LongIdsAsStrings());
	}

	/** Gives {@code @TimeSortedId} {@code Long} and {@code long} members the string shape. */
	private static final class LongIdsAsStrings extends NopAnnotationIntrospector {

		private static final long serialVersionUID = 1L;

		private static final JsonFormat.Value STRING = JsonFormat.Value.forShape(JsonFormat.Shape.STRING);

		@Override
		public JsonFormat.@Nullable Value findFormat(MapperConfig<?> config, Annotated annotated) {
			Class<?> type = annotated.getRawType();
			return ((type == Long.class || type == long.class) && annotated.hasAnnotation(TimeSortedId.class)) ? STRING
					: null;
		}

	}

}
