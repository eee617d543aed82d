package io.github.timesortedid.openapi;

import java.lang.annotation.Annotation;
import java.time.Instant;
import java.util.Iterator;
import java.util.function.Supplier;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.JavaType;
import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.jackson.TypeNameResolver;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.RefUtils;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import org.jspecify.annotations.Nullable;

/**
 * Describes every {@link TypedId} class as what Jackson and Spring MVC make of it, a string, in one
 * schema under {@code #/components/schemas} that bodies and parameters refer to: the exact
 * {@link IdFormat#pattern() pattern} of the format its attribute has in the application, its
 * length as {@code minLength} and {@code maxLength}, and an example. Also describes the
 * {@code Long} attributes that Jackson writes as strings ({@code @JsonFormat(shape = STRING)}, or
 * {@code @TimeSortedId} with {@code time-sorted-id.json.long-ids-as-strings}) as strings.
 */
final class TypedIdModelConverter implements ModelConverter {

	/**
	 * The instant of the example IDs of time-ordered formats: fixed, so that the document is the same
	 * on every start and a stored copy of it can be compared with the next.
	 */
	static final Instant EXAMPLE_INSTANT = Instant.parse("2025-01-01T00:00:00Z");

	private final Supplier<@Nullable TimeSortedIdRegistry> registry;

	private final boolean openapi31;

	private final boolean longIdsAsStrings;

	/**
	 * @param registry the application's registry, read when a document is made (after Hibernate
	 * has mapped the attributes), or {@code null} without one
	 * @param openapi31 whether the document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12
	 * @param longIdsAsStrings whether {@code @TimeSortedId} {@code Long} attributes are JSON strings
	 */
	TypedIdModelConverter(Supplier<@Nullable TimeSortedIdRegistry> registry, boolean openapi31,
			boolean longIdsAsStrings) {
		this.registry = registry;
		this.openapi31 = openapi31;
		this.longIdsAsStrings = longIdsAsStrings;
	}

	@Override
	@SuppressWarnings("rawtypes")
	public @Nullable Schema resolve(AnnotatedType annotated, ModelConverterContext context,
			Iterator<ModelConverter> chain) {
		JavaType type = Json.mapper().constructType(annotated.getType());
		Class<?> raw = type.getRawClass();
		if (TypedId.class.isAssignableFrom(raw) && !raw.isInterface()) {
			String name = TypeNameResolver.std.nameForType(type);
			if (!context.getDefinedModels().containsKey(name)) {
				context.defineModel(name, typedId(raw.asSubclass(TypedId.class)));
			}
			return schema().$ref(RefUtils.constructRef(name));
		}
		if ((raw == Long.class || raw == long.class) && isWrittenAsString(annotated.getCtxAnnotations())) {
			return string().format("int64");
		}
		return chain.hasNext() ? chain.next().resolve(annotated, context, chain) : null;
	}

	@Override
	public boolean isOpenapi31() {
		return this.openapi31;
	}

	private Schema<?> typedId(Class<? extends TypedId> type) {
		IdField field = field(type);
		if (field == null) {
			// a web slice without a database, or a class no attribute is mapped with: only the prefix is known
			String prefix = prefix(type);
			return string().description("A " + type.getSimpleName() + ((prefix != null) ? ": '" + prefix + "', " : ": ")
					+ "a separator and a body, in the format of the @TimeSortedId attribute that has this type");
		}
		IdFormat format = field.format();
		return string().pattern(format.pattern())
			.minLength(format.length())
			.maxLength(format.length())
			.example(example(format))
			.description("The ID of " + field.entityName() + ": '" + format.prefix() + format.separator() + "' and a "
					+ format.algorithm() + " body");
	}

	/** The declared prefix; a class without a valid one fails where it is used, not in the document. */
	private static @Nullable String prefix(Class<? extends TypedId> type) {
		try {
			return TypedIds.prefixOf(type);
		}
		catch (IllegalStateException ex) {
			return null;
		}
	}

	private @Nullable IdField field(Class<?> type) {
		TimeSortedIdRegistry registry = this.registry.get();
		if (registry == null) {
			return null;
		}
		return registry.fields().stream().filter(field -> field.javaType() == type).findFirst().orElse(null);
	}

	/**
	 * The lowest ID of {@link #EXAMPLE_INSTANT} for a time-ordered format (the timestamp, the other
	 * bits zero or fixed, as the format requires), a new ID for the others.
	 */
	static String example(IdFormat format) {
		if (format.isTimeOrdered()) {
			try {
				return format.lowest(EXAMPLE_INSTANT);
			}
			catch (IllegalArgumentException ex) {
				// the instant lies outside the algorithm's range, e.g. before a snowflake epoch set later
			}
		}
		return format.next();
	}

	/** As Jackson decides: an explicit {@code @JsonFormat} shape first, else the module's setting. */
	private boolean isWrittenAsString(Annotation @Nullable [] annotations) {
		if (annotations == null) {
			return false;
		}
		boolean timeSortedId = false;
		for (Annotation annotation : annotations) {
			if (annotation instanceof JsonFormat format && format.shape() != JsonFormat.Shape.ANY) {
				return format.shape() == JsonFormat.Shape.STRING;
			}
			timeSortedId |= annotation instanceof TimeSortedId;
		}
		return timeSortedId && this.longIdsAsStrings;
	}

	private Schema<?> string() {
		return this.openapi31 ? new JsonSchema().typesItem("string") : new StringSchema();
	}

	private Schema<?> schema() {
		return this.openapi31 ? new JsonSchema() : new Schema<>();
	}

}
