package io.github.timesortedid.jdbc;

import java.util.Collection;
import java.util.List;
import java.util.Set;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.TypedIds;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;

/**
 * The converters that let Spring Data JDBC keep typed IDs in the text columns of their IDs: a typed ID
 * is written as its text and read back through its constructor. Registered in Spring Data JDBC's
 * custom conversions, they make a typed ID a simple value (a column, not an entity of its own) for
 * attributes, {@code AggregateReference} targets, and the parameters of derived and {@code @Query}
 * methods.
 */
public final class TypedIdJdbcConverters {

	private TypedIdJdbcConverters() {
	}

	/**
	 * Makes the converters of some typed ID classes.
	 * @param typedIds classes that implement {@link TypedId}
	 * @return one converter per class, which writes it as text and reads it back
	 */
	public static List<GenericConverter> of(Collection<Class<? extends TypedId>> typedIds) {
		return typedIds.stream().<GenericConverter>map(TextConverter::new).toList();
	}

	/** One typed ID class to its text and back. */
	private record TextConverter(Class<? extends TypedId> type) implements GenericConverter {

		@Override
		public Set<ConvertiblePair> getConvertibleTypes() {
			return Set.of(new ConvertiblePair(this.type, String.class), new ConvertiblePair(String.class, this.type));
		}

		@Override
		public @Nullable Object convert(@Nullable Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
			if (source == null) {
				return null;
			}
			return (source instanceof TypedId id) ? id.value() : TypedIds.of(this.type, (String) source);
		}

	}

}
