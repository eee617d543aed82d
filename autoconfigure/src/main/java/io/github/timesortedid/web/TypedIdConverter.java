package io.github.timesortedid.web;

import java.util.Set;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.TypedId;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.ConditionalGenericConverter;

/**
 * Converts between strings and every {@link TypedId} type, so that Spring MVC binds
 * {@code @PathVariable PostId id} and {@code @RequestParam PostId after}. A string that is not an ID
 * of the type fails conversion, which Spring MVC answers with {@code 400 Bad Request}.
 */
public final class TypedIdConverter implements ConditionalGenericConverter {

	private final TypedIdReader reader;

	/** Creates a converter that checks what each typed ID type alone decides: prefix and separator. */
	public TypedIdConverter() {
		this(null);
	}

	/**
	 * Creates a converter that checks IDs against the formats of the application's attributes.
	 * @param ids the application's IDs, or {@code null} for the check of the type alone
	 */
	public TypedIdConverter(@Nullable TimeSortedIds ids) {
		this.reader = new TypedIdReader(ids);
	}

	@Override
	public Set<ConvertiblePair> getConvertibleTypes() {
		return Set.of(new ConvertiblePair(String.class, TypedId.class), new ConvertiblePair(TypedId.class, String.class));
	}

	@Override
	public boolean matches(TypeDescriptor sourceType, TypeDescriptor targetType) {
		return !targetType.getType().isInterface() || targetType.getType() == String.class;
	}

	@Override
	@SuppressWarnings("unchecked")
	public @Nullable Object convert(@Nullable Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
		if (source == null) {
			return null;
		}
		if (source instanceof TypedId) {
			return ((TypedId) source).value();
		}
		String text = ((String) source).trim();
		return text.isEmpty() ? null : this.reader.read((Class<? extends TypedId>) targetType.getType(), text);
	}

}
