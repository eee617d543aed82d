package io.github.timesortedid.web;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.ObjectIdGenerator;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.github.timesortedid.TimeSortedId;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.introspect.ObjectIdInfo;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.BeanSerializerBuilder;
import tools.jackson.databind.ser.ValueSerializerModifier;
import tools.jackson.databind.ser.impl.ObjectIdWriter;
import tools.jackson.databind.ser.impl.PropertyBasedObjectIdGenerator;

/**
 * Jackson 3 support for JavaScript clients: every {@code @TimeSortedId} {@code Long} or
 * {@code long} attribute is written as a JSON string, {@code "2124591150973530270"}, since a
 * JavaScript number is exact only up to 2^53 and a {@code snowflake} ID is above it. It is as if
 * each such attribute carried {@code @JsonFormat(shape = JsonFormat.Shape.STRING)}: Jackson writes
 * the digits as a string and reads the attribute from a string or a number, and an attribute's own
 * {@code @JsonFormat(shape = JsonFormat.Shape.NUMBER)} keeps it a number. Other {@code long}
 * values are left alone.
 * <p>
 * References by object identity follow: an entity with
 * {@code @JsonIdentityInfo(generator = PropertyGenerator.class, property = "id")} on such an ID (the
 * usual way to break JPA cycles) is written as {@code "2124591150973530270"} where Jackson writes it
 * as its ID, with {@code @JsonIdentityReference(alwaysAsId = true)} and at every occurrence after
 * the first, and is read back from it.
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
		context.addSerializerModifier(new IdentityReferencesAsStrings());
	}

	/**
	 * Writes references by object identity to a {@code Long} ID in the ID property's own string
	 * shape. Jackson writes an object's first occurrence with its ID property, which
	 * {@link LongIdsAsStrings} makes a string, but each reference to it (always, with
	 * {@code @JsonIdentityReference(alwaysAsId = true)}; otherwise every occurrence after the first)
	 * with a serializer it finds for the ID's type alone: a number. So the bean's identity writer is
	 * given the ID's text and the type {@code String}, whose serializer Jackson then finds.
	 */
	private static final class IdentityReferencesAsStrings extends ValueSerializerModifier {

		private static final long serialVersionUID = 1L;

		@Override
		public BeanSerializerBuilder updateBuilder(SerializationConfig config, BeanDescription.Supplier bean,
				BeanSerializerBuilder builder) {
			ObjectIdWriter identity = builder.getObjectIdWriter();
			ObjectIdInfo info = bean.get().getObjectIdInfo();
			if (identity == null || info == null || info.getGeneratorType() != ObjectIdGenerators.PropertyGenerator.class) {
				return builder;
			}
			String name = info.getPropertyName().getSimpleName();
			for (BeanPropertyWriter property : builder.getProperties()) {
				if (property.getName().equals(name) && isStringShapedLong(config, property)) {
					builder.setObjectIdWriter(ObjectIdWriter.construct(config.constructType(String.class), null,
							new TextIds(info.getScope(), property), identity.alwaysAsId));
				}
			}
			return builder;
		}

		private static boolean isStringShapedLong(SerializationConfig config, BeanPropertyWriter property) {
			Class<?> type = property.getType().getRawClass();
			return (type == Long.class || type == long.class)
					&& property.findPropertyFormat(config, type).getShape() == JsonFormat.Shape.STRING;
		}

	}

	/** The ID property's value, as text, as the identity of its object. */
	private static final class TextIds extends PropertyBasedObjectIdGenerator {

		private static final long serialVersionUID = 1L;

		TextIds(Class<?> scope, BeanPropertyWriter property) {
			super(scope, property);
		}

		@Override
		public Object generateId(Object forPojo) {
			Object id = super.generateId(forPojo);
			return (id != null) ? id.toString() : null;
		}

		@Override
		public ObjectIdGenerator<Object> forScope(Class<?> scope) {
			return (scope == this._scope) ? this : new TextIds(scope, this._property);
		}

		@Override
		public ObjectIdGenerator<Object> newForSerialization(Object context) {
			return this;
		}

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
