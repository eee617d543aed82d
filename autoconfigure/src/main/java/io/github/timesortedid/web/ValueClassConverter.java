package io.github.timesortedid.web;

import java.util.Set;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.model.KotlinValueClasses;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.ConditionalGenericConverter;
import org.springframework.core.convert.support.DefaultConversionService;

/**
 * Converts text to a plain Kotlin value class ({@code @JvmInline value class TagId(val value:
 * String)}) where Spring MVC sees the boxed class: the elements of a {@code List<TagId>} request
 * parameter. (A single {@code TagId} parameter is a {@code String} under a mangled name and needs no
 * conversion; typed value classes go through {@link TypedIdConverter}, which checks them.) A plain
 * value class has no format of its own, so the text is boxed as it is, after conversion to the
 * underlying type when that is not {@code String}, as Kotlin and jackson-module-kotlin box it.
 */
public final class ValueClassConverter implements ConditionalGenericConverter {

	/** Creates the converter. */
	public ValueClassConverter() {
	}

	@Override
	public Set<ConvertiblePair> getConvertibleTypes() {
		return Set.of(new ConvertiblePair(String.class, Object.class));
	}

	@Override
	public boolean matches(TypeDescriptor sourceType, TypeDescriptor targetType) {
		Class<?> type = targetType.getType();
		return !TypedId.class.isAssignableFrom(type) && KotlinValueClasses.isValueClass(type);
	}

	@Override
	public @Nullable Object convert(@Nullable Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
		String text = (source != null) ? ((String) source).trim() : "";
		if (text.isEmpty()) {
			return null;
		}
		Class<?> underlying = KotlinValueClasses.underlyingType(targetType.getType());
		ConversionService conversions = DefaultConversionService.getSharedInstance();
		Object value = (underlying == String.class) ? text : conversions.convert(text, underlying);
		return (value != null) ? KotlinValueClasses.box(targetType.getType(), value) : null;
	}

}
