package io.github.timesortedid.web;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.TypedId;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.Deserializers;
import tools.jackson.databind.module.SimpleModule;

/**
 * Jackson 3 support for {@link TypedId}: every typed ID is written as its plain string and read
 * from one, as a value and as a map key ({@code Map<PostId, Integer>} is
 * {@code {"post_01m8...": 3}}); a string that is not an ID of the type fails deserialization.
 */
public final class TypedIdJacksonModule extends SimpleModule {

	private static final long serialVersionUID = 1L;

	private final TypedIdReader reader;

	/** Creates a module that checks what each typed ID type alone decides: prefix and separator. */
	public TypedIdJacksonModule() {
		this(null);
	}

	/**
	 * Creates a module that checks IDs against the formats of the application's attributes.
	 * @param ids the application's IDs, or {@code null} for the check of the type alone
	 */
	public TypedIdJacksonModule(@Nullable TimeSortedIds ids) {
		super("time-sorted-id-typed-ids");
		this.reader = new TypedIdReader(ids);
		addSerializer(TypedId.class, new ValueSerializer<>() {

			@Override
			public void serialize(TypedId value, JsonGenerator generator, SerializationContext context) {
				generator.writeString(value.value());
			}

		});
		addKeySerializer(TypedId.class, new ValueSerializer<>() {

			@Override
			public void serialize(TypedId value, JsonGenerator generator, SerializationContext context) {
				generator.writeName(value.value());
			}

		});
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		context.addDeserializers(new Deserializers.Base() {

			@Override
			public @Nullable ValueDeserializer<?> findBeanDeserializer(JavaType type, DeserializationConfig config,
					BeanDescription.Supplier description) {
				return TypedId.class.isAssignableFrom(type.getRawClass())
						? new TypedIdDeserializer(type.getRawClass(), TypedIdJacksonModule.this.reader) : null;
			}

			@Override
			public boolean hasDeserializerFor(DeserializationConfig config, Class<?> valueType) {
				return TypedId.class.isAssignableFrom(valueType);
			}

		});
		context.addKeyDeserializers((type, config, description) -> TypedId.class.isAssignableFrom(type.getRawClass())
				? new TypedIdKeyDeserializer(type.getRawClass(), this.reader) : null);
	}

	private static final class TypedIdKeyDeserializer extends KeyDeserializer {

		private final Class<? extends TypedId> type;

		private final TypedIdReader reader;

		@SuppressWarnings("unchecked")
		TypedIdKeyDeserializer(Class<?> type, TypedIdReader reader) {
			this.type = (Class<? extends TypedId>) type;
			this.reader = reader;
		}

		@Override
		public @Nullable Object deserializeKey(String key, DeserializationContext context) {
			try {
				return this.reader.read(this.type, key);
			}
			catch (IllegalArgumentException ex) {
				return context.handleWeirdKey(this.type, key, "%s", ex.getMessage());
			}
		}

	}

	private static final class TypedIdDeserializer extends ValueDeserializer<TypedId> {

		private final Class<? extends TypedId> type;

		private final TypedIdReader reader;

		@SuppressWarnings("unchecked")
		TypedIdDeserializer(Class<?> type, TypedIdReader reader) {
			this.type = (Class<? extends TypedId>) type;
			this.reader = reader;
		}

		@Override
		public @Nullable TypedId deserialize(JsonParser parser, DeserializationContext context) {
			if (parser.currentToken() != JsonToken.VALUE_STRING) {
				return (TypedId) context.handleUnexpectedToken(this.type, parser);
			}
			String text = parser.getString();
			try {
				return this.reader.read(this.type, text);
			}
			catch (IllegalArgumentException ex) {
				throw context.weirdStringException(text, this.type, ex.getMessage());
			}
		}

	}

}
