package io.github.timesortedid.web;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.ObjectIdGenerator;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.config.PropertyNames;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
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
 * the first, and is read back from it. Jackson writes the references of object identity declared on
 * a property instead ({@code @JsonIdentityInfo} on {@code Note.topic} rather than on the class
 * {@code Topic}) with the serializer of the ID's type alone, which no module can change: such a
 * property is refused, naming it, when Jackson first builds its serializer, and for the entities of
 * the application at startup ({@link #checkIdentityReferences(Collection)}), rather than let a
 * number above 2^53 through.
 */
public final class LongIdJacksonModule extends SimpleModule {

	private static final long serialVersionUID = 1L;

	/** Creates the module. */
	public LongIdJacksonModule() {
		super("time-sorted-id-long-ids-as-strings");
	}

	/**
	 * Refuses object identity declared on a property of these classes, or of their superclasses,
	 * that refers to another object by a {@code @TimeSortedId} {@code Long} ID: Jackson would write
	 * those references as JSON numbers, whatever this module does.
	 * @param types the classes to check, such as the application's entities
	 * @throws TimeSortedIdConfigurationException naming each such property, and what to do instead
	 */
	public static void checkIdentityReferences(Collection<Class<?>> types) {
		Set<String> refused = new LinkedHashSet<>();
		for (Class<?> type : types) {
			for (Class<?> declaring = type; declaring != null && declaring != Object.class; declaring = declaring.getSuperclass()) {
				for (Field field : declaring.getDeclaredFields()) {
					if (referencesLongIdByIdentity(field, field.getGenericType())) {
						refused.add(type.getSimpleName() + "." + field.getName());
					}
				}
			}
			for (Method method : type.getMethods()) {
				if (method.getParameterCount() == 0 && referencesLongIdByIdentity(method, method.getGenericReturnType())) {
					refused.add(type.getSimpleName() + "." + propertyName(method.getName()));
				}
			}
		}
		if (!refused.isEmpty()) {
			throw refusal(refused);
		}
	}

	/** A getter's property, as Jackson names it; a record's accessor is named as its component. */
	private static String propertyName(String method) {
		return (method.startsWith("get") && method.length() > 3)
				? Character.toLowerCase(method.charAt(3)) + method.substring(4) : method;
	}

	private static TimeSortedIdConfigurationException refusal(Set<String> members) {
		return new TimeSortedIdConfigurationException("With " + PropertyNames.JSON_LONG_IDS_AS_STRINGS
				+ ", Jackson would write the references of " + String.join(", ", members)
				+ " as JSON numbers: their @JsonIdentityInfo is declared on the property, and Jackson writes such"
				+ " references with the serializer of the referenced @TimeSortedId Long ID alone, which no module"
				+ " can give the string shape.",
				"Declare @JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class, property = ...) on the"
						+ " referenced class instead (its references are then written as strings), and keep"
						+ " @JsonIdentityReference on the property if it should always be written as the ID.");
	}

	/**
	 * Whether a member declares object identity by a property of the type it refers to (or of the
	 * elements of a collection, array or map) that is a {@code @TimeSortedId} {@code Long} ID.
	 */
	private static boolean referencesLongIdByIdentity(AnnotatedElement member, Type type) {
		JsonIdentityInfo identity = member.getAnnotation(JsonIdentityInfo.class);
		if (identity == null || identity.generator() != ObjectIdGenerators.PropertyGenerator.class) {
			return false;
		}
		Class<?> referenced = referencedClass(type);
		return referenced != null && isLongIdProperty(referenced, identity.property());
	}

	private static @Nullable Class<?> referencedClass(Type type) {
		if (type instanceof Class<?> raw) {
			return raw.isArray() ? raw.getComponentType() : raw;
		}
		if (type instanceof ParameterizedType parameterized) {
			Type[] arguments = parameterized.getActualTypeArguments();
			// Iterable<T>, Optional<T>: the one argument; Map<K, V>: the value
			return (arguments.length > 0) ? referencedClass(arguments[arguments.length - 1]) : null;
		}
		return null;
	}

	private static boolean isLongIdProperty(Class<?> type, String name) {
		for (Class<?> declaring = type; declaring != null && declaring != Object.class; declaring = declaring.getSuperclass()) {
			for (Field field : declaring.getDeclaredFields()) {
				if (field.getName().equals(name)) {
					return isLongId(field.getType(), field);
				}
			}
		}
		return false;
	}

	private static boolean isLongId(Class<?> type, AnnotatedElement element) {
		return isLong(type) && element.isAnnotationPresent(TimeSortedId.class);
	}

	private static boolean isLong(Class<?> type) {
		return type == Long.class || type == long.class;
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
			// a class the startup check did not see (not an entity): refused when Jackson first needs it
			checkIdentityReferences(List.of(bean.getBeanClass()));
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
			return isLong(type) && property.findPropertyFormat(config, type).getShape() == JsonFormat.Shape.STRING;
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
			return (isLong(annotated.getRawType()) && annotated.hasAnnotation(TimeSortedId.class)) ? STRING : null;
		}

	}

}
