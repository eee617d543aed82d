package io.github.timesortedid.autoconfigure;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.github.timesortedid.model.KotlinValueClasses;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

/**
 * Unboxes Kotlin value classes on their way into a JPA repository. An entity property declared with
 * a value class ({@code var id: ReplyId?}) is a {@code String} field on the JVM, and so a
 * {@code String} attribute to Hibernate; but Kotlin passes the value boxed wherever the parameter is
 * an {@code Object} or a collection ({@code findById(ID)}, {@code findAllById(Iterable<ID>)},
 * {@code findByIdIn(Collection<ReplyId>)}), which Hibernate cannot convert
 * ({@code Could not convert 'ReplyId' to 'java.lang.String'}). Spring Data leaves this to the
 * application (spring-data-commons issue 2868); this interceptor hands Hibernate the underlying
 * values, in arguments and in the collections they are. A value class Hibernate maps as itself (a
 * typed ID held boxed, as a generic base entity's {@code ID id} holds it) stays boxed.
 * Parameters that are the value class itself need nothing: their methods take the underlying type
 * under a mangled name, which Spring Data reads (spring-data-commons issue 2965).
 */
final class KotlinValueClassArguments implements MethodInterceptor {

	private final Predicate<Class<?>> mappedAsItself;

	private final Map<Class<?>, Boolean> unboxed = new ConcurrentHashMap<>();

	/**
	 * @param mappedAsItself whether Hibernate maps a value class as its own type
	 */
	KotlinValueClassArguments(Predicate<Class<?>> mappedAsItself) {
		this.mappedAsItself = mappedAsItself;
	}

	@Override
	public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
		Object[] arguments = invocation.getArguments();
		for (int i = 0; i < arguments.length; i++) {
			arguments[i] = unboxed(arguments[i]);
		}
		return invocation.proceed();
	}

	private @Nullable Object unboxed(@Nullable Object argument) {
		if (argument == null) {
			return null;
		}
		if (argument instanceof Collection<?> values) {
			return unboxedAll(values);
		}
		if (argument instanceof Iterable<?> values) {
			List<Object> all = new ArrayList<>();
			values.forEach(all::add);
			Collection<?> unboxedAll = unboxedAll(all);
			return (unboxedAll == all) ? argument : unboxedAll;
		}
		return needsUnboxing(argument) ? KotlinValueClasses.unbox(argument) : argument;
	}

	/** The same collection if it holds no value to unbox, else a new one of the same kind. */
	private Collection<?> unboxedAll(Collection<?> values) {
		boolean any = false;
		for (Object value : values) {
			if (value != null && needsUnboxing(value)) {
				any = true;
				break;
			}
		}
		if (!any) {
			return values;
		}
		Collection<Object> copy = (values instanceof Set) ? new LinkedHashSet<>() : new ArrayList<>();
		for (Object value : values) {
			copy.add((value != null && needsUnboxing(value)) ? KotlinValueClasses.unbox(value) : value);
		}
		return copy;
	}

	private boolean needsUnboxing(Object value) {
		return this.unboxed.computeIfAbsent(value.getClass(),
				(type) -> KotlinValueClasses.isValueClass(type) && !this.mappedAsItself.test(type));
	}

}
