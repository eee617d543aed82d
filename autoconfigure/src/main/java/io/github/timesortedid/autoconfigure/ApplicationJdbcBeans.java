package io.github.timesortedid.autoconfigure;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.github.timesortedid.TypedId;
import io.github.timesortedid.jdbc.AggregateIds;
import io.github.timesortedid.jdbc.TimeSortedIdJdbcAggregateTemplate;
import io.github.timesortedid.jdbc.TypedIdJdbcConverters;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.convert.DataAccessStrategy;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.jdbc.core.convert.JdbcCustomConversions;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.data.jdbc.repository.config.JdbcConfiguration;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Keeps the library's part in Spring Data JDBC beans the application defines itself, as a subclass
 * of Spring Data JDBC's {@code AbstractJdbcConfiguration} does (Spring Data's reference and examples
 * configure Spring Data JDBC so, even with nothing in the class), from which the library's own beans
 * back off:
 * <ul>
 * <li>the aggregate template: with Spring Data JDBC's own, {@code save()} of an aggregate whose ID
 * was minted ahead is an UPDATE of no row, which stores nothing and reports nothing. A plain
 * {@link JdbcAggregateTemplate} is replaced by the library's, made of the same mapping, converter and
 * data access strategy; a subclass of the application's own fails startup saying what to extend;</li>
 * <li>the conversions: without the typed IDs' converters Spring Data JDBC maps a typed ID as an
 * entity of its own (a column {@code value}), which fails at the first statement. Conversions that
 * {@code AbstractJdbcConfiguration} makes from the application's {@code userConverters()} are made
 * again with the typed IDs' converters added; conversions made otherwise fail startup naming the
 * typed IDs and what to add.</li>
 * </ul>
 */
final class ApplicationJdbcBeans implements BeanPostProcessor, ApplicationContextAware {

	private @Nullable ApplicationContext context;

	/** The typed ID classes of the application's packages, found once for the library's conversions and these. */
	private @Nullable List<Class<? extends TypedId>> typedIds;

	@Override
	public void setApplicationContext(ApplicationContext context) {
		this.context = context;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof JdbcAggregateTemplate template && !(bean instanceof TimeSortedIdJdbcAggregateTemplate)) {
			return template(template, beanName);
		}
		if (bean instanceof JdbcCustomConversions conversions) {
			return conversions(conversions, beanName);
		}
		return bean;
	}

	private ApplicationContext context() {
		return Objects.requireNonNull(this.context, "set before beans are made");
	}

	/** The typed ID classes of the application's packages: the build's record or a scan, made once. */
	List<Class<? extends TypedId>> typedIds() {
		if (this.typedIds == null) {
			ApplicationContext context = context();
			this.typedIds = ApplicationTypedIds.of(context, context.getClassLoader());
		}
		return this.typedIds;
	}

	private Object template(JdbcAggregateTemplate template, String beanName) {
		if (template.getClass() != JdbcAggregateTemplate.class) {
			throw new TimeSortedIdConfigurationException("The bean '" + beanName + "' is a "
					+ template.getClass().getName() + ", a JdbcAggregateTemplate that is not the library's: its save() "
					+ "of an aggregate whose @TimeSortedId was minted ahead would UPDATE a row that does not exist and "
					+ "store nothing.", "Extend io.github.timesortedid.jdbc.TimeSortedIdJdbcAggregateTemplate instead of "
							+ "JdbcAggregateTemplate.");
		}
		ApplicationContext context = context();
		return new TimeSortedIdJdbcAggregateTemplate(context, context.getBean(JdbcMappingContext.class),
				context.getBean(JdbcConverter.class), context.getBean(DataAccessStrategy.class),
				context.getBean(AggregateIds.class));
	}

	private JdbcCustomConversions conversions(JdbcCustomConversions conversions, String beanName) {
		ApplicationContext context = context();
		List<Class<? extends TypedId>> typedIds = typedIds();
		List<String> missing = typedIds.stream()
			.filter((type) -> !conversions.hasCustomWriteTarget(type))
			.map(Class::getName)
			.toList();
		if (missing.isEmpty()) {
			return conversions;
		}
		AbstractJdbcConfiguration configuration = context.getBeanProvider(AbstractJdbcConfiguration.class).getIfUnique();
		if (configuration == null || declares(configuration, "jdbcCustomConversions")) {
			throw new TimeSortedIdConfigurationException("The bean '" + beanName + "' has no conversion for the typed IDs "
					+ missing + ": Spring Data JDBC would map each as an entity of its own, with a column 'value', and "
					+ "every statement on their aggregates would fail.",
					"Add TypedIdJdbcConverters.of(typedIds, registry, dialect) (io.github.timesortedid.jdbc) to the "
							+ "converters of the application's JdbcCustomConversions, or register its own converters in "
							+ "AbstractJdbcConfiguration.userConverters() instead, to which the library adds them.");
		}
		JdbcDialect dialect = context.getBean(JdbcDialect.class);
		List<Object> converters = new ArrayList<>(userConverters(configuration));
		converters.addAll(TypedIdJdbcConverters.of(typedIds, context.getBean(TimeSortedIdRegistry.class), dialect));
		return JdbcConfiguration.createCustomConversions(dialect, converters);
	}

	/** Whether the application's configuration class declares a method of its own. */
	private static boolean declares(AbstractJdbcConfiguration configuration, String name) {
		Method method = ReflectionUtils.findMethod(ClassUtils.getUserClass(configuration), name);
		return method != null && method.getDeclaringClass() != AbstractJdbcConfiguration.class;
	}

	/** The converters the application's configuration gives Spring Data JDBC (a protected method). */
	private static List<?> userConverters(AbstractJdbcConfiguration configuration) {
		Method method = Objects.requireNonNull(ReflectionUtils.findMethod(AbstractJdbcConfiguration.class, "userConverters"));
		ReflectionUtils.makeAccessible(method);
		return (List<?>) Objects.requireNonNull(ReflectionUtils.invokeMethod(method, configuration));
	}

}
