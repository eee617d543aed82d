package io.github.timesortedid.hibernate;

import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.Map;

import io.github.timesortedid.TimeSortedId;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.generator.EventType;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.mapping.PersistentClass;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both entry points of the generator resolve its attribute: Hibernate ORM 7.3 and 7.4 call
 * {@code initialize(annotation, context)}, 7.1 and 7.2 (Spring Boot 4.0)
 * {@code initialize(annotation, member, context)}. This build runs on 7.4, which never calls the
 * second, so it is called here by hand, with a mapping context over a real metamodel; the
 * compat-boot40 module runs it under Hibernate 7.2 itself.
 */
class GeneratorEntryPointTests {

	private StandardServiceRegistry registry;

	private PersistentClass post;

	@BeforeEach
	void mapping() {
		this.registry = new StandardServiceRegistryBuilder()
			.applySettings(Map.of("hibernate.connection.url", "jdbc:h2:mem:entry-points", "hibernate.connection.username", "sa"))
			.build();
		this.post = new MetadataSources(this.registry).addAnnotatedClass(Entities.Post.class)
			.buildMetadata()
			.getEntityBinding(Entities.Post.class.getName());
	}

	@AfterEach
	void close() {
		StandardServiceRegistryBuilder.destroy(this.registry);
	}

	@Test
	void theEntryPointOfHibernate72ResolvesTheAttribute() throws Exception {
		Field id = Entities.Post.class.getDeclaredField("id");
		TimeSortedIdGenerator generator = new TimeSortedIdGenerator();
		generator.initialize(id.getAnnotation(TimeSortedId.class), id, context());
		assertThat(generator.getField()).as("resolved through initialize(annotation, member, context)").isNotNull();
		assertThat(generator.getField().entityName()).isEqualTo("Post");
		assertThat((String) generator.generate(null, new Entities.Post(), null, EventType.INSERT)).startsWith("post_");
	}

	@Test
	void theEntryPointOfHibernate74ResolvesTheSameAttribute() throws Exception {
		Field id = Entities.Post.class.getDeclaredField("id");
		TimeSortedIdGenerator viaMember = new TimeSortedIdGenerator();
		viaMember.initialize(id.getAnnotation(TimeSortedId.class), id, context());
		TimeSortedIdGenerator viaContext = new TimeSortedIdGenerator();
		viaContext.initialize(id.getAnnotation(TimeSortedId.class), context());
		// one registration: a Hibernate version that called both would not see a duplicate prefix
		assertThat(viaContext.getField()).isNotNull().isSameAs(viaMember.getField());
	}

	/** The parts of Hibernate's mapping context that the generator reads. */
	private GeneratorCreationContext context() {
		return (GeneratorCreationContext) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { GeneratorCreationContext.class }, (proxy, method, args) -> switch (method.getName()) {
					case "getServiceRegistry" -> this.registry;
					case "getPersistentClass" -> this.post;
					case "getProperty" -> this.post.getIdentifierProperty();
					default -> throw new UnsupportedOperationException(method.getName());
				});
	}

}
