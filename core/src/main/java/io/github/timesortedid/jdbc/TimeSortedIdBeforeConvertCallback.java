package io.github.timesortedid.jdbc;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.timesortedid.jdbc.AggregateIds.EntityIds;
import io.github.timesortedid.jdbc.AggregateIds.Slot;
import org.springframework.core.Ordered;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

/**
 * Gives every {@code @TimeSortedId} attribute of an aggregate that has no value yet (the root's ID,
 * the IDs of the entities inside it, other attributes) a new value from its generator, and checks a
 * value the application set, before Spring Data JDBC writes the aggregate. Immutable aggregates
 * (records, {@code with...} methods) get a new instance, as Spring Data JDBC's own callbacks do.
 * Runs after the application's own callbacks, so that an ID one of them sets is kept.
 */
public final class TimeSortedIdBeforeConvertCallback implements BeforeConvertCallback<Object>, Ordered {

	private final AggregateIds aggregates;

	/**
	 * Creates the callback.
	 * @param aggregates the attributes of the mapped entities
	 */
	public TimeSortedIdBeforeConvertCallback(AggregateIds aggregates) {
		this.aggregates = aggregates;
	}

	@Override
	public Object onBeforeConvert(Object aggregate) {
		return assign(aggregate);
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	private Object assign(Object bean) {
		EntityIds entity = this.aggregates.of(bean.getClass());
		if (entity == null || (entity.ids().isEmpty() && entity.children().isEmpty())) {
			return bean;
		}
		@SuppressWarnings("unchecked")
		PersistentPropertyAccessor<Object> accessor = this.aggregates.converter()
			.getPropertyAccessor((PersistentEntity<Object, ?>) entity.entity(), bean);
		for (Slot slot : entity.ids()) {
			Object value = accessor.getProperty(slot.property());
			if (slot.field().isUnassigned(value)) {
				accessor.setProperty(slot.property(), slot.field().next());
			}
			else {
				slot.field().checkAssigned(value);
			}
		}
		for (RelationalPersistentProperty child : entity.children()) {
			Object value = accessor.getProperty(child);
			if (value != null) {
				Object assigned = assignAll(value);
				if (assigned != value) {
					accessor.setProperty(child, assigned);
				}
			}
		}
		return accessor.getBean();
	}

	/** An entity, or a collection or map of them: the same object, unless an immutable entity was copied. */
	private Object assignAll(Object value) {
		if (value instanceof Map<?, ?> map) {
			Map<Object, Object> assigned = new LinkedHashMap<>();
			boolean copied = false;
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				Object element = (entry.getValue() != null) ? assign(entry.getValue()) : null;
				copied |= element != entry.getValue();
				assigned.put(entry.getKey(), element);
			}
			return copied ? assigned : value;
		}
		if (value instanceof Collection<?> collection) {
			List<Object> assigned = new ArrayList<>(collection.size());
			boolean copied = false;
			for (Object element : collection) {
				Object each = (element != null) ? assign(element) : null;
				copied |= each != element;
				assigned.add(each);
			}
			if (!copied) {
				return value;
			}
			return (value instanceof Set) ? new LinkedHashSet<>(assigned) : assigned;
		}
		return assign(value);
	}

}
