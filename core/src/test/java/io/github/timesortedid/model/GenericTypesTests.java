package io.github.timesortedid.model;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GenericTypesTests {

	static class Base<ID extends Serializable> {

		ID id;

		List<ID> history;

	}

	static class Middle<T extends Serializable> extends Base<T> {

		T previous;

	}

	static class Leaf extends Middle<String> {

	}

	static class Direct extends Base<Long> {

	}

	@SuppressWarnings("rawtypes")
	static class Raw extends Base {

	}

	@Test
	void aTypeVariableIsResolvedAsTheEntityClassSeesIt() throws Exception {
		assertThat(GenericTypes.resolve(Direct.class, field(Base.class, "id"))).isEqualTo(Long.class);
		assertThat(GenericTypes.resolve(Leaf.class, field(Base.class, "id"))).isEqualTo(String.class);
		assertThat(GenericTypes.resolve(Leaf.class, field(Middle.class, "previous"))).isEqualTo(String.class);
	}

	@Test
	void withoutATypeArgumentTheBoundIsTheAnswer() throws Exception {
		assertThat(GenericTypes.resolve(Raw.class, field(Base.class, "id"))).isEqualTo(Serializable.class);
		assertThat(GenericTypes.resolve(Base.class, field(Base.class, "id"))).isEqualTo(Serializable.class);
		assertThat(GenericTypes.resolve(Leaf.class, field(Base.class, "history"))).isEqualTo(List.class);
	}

	private static java.lang.reflect.Type field(Class<?> type, String name) throws NoSuchFieldException {
		Field field = type.getDeclaredField(name);
		return field.getGenericType();
	}

}
