package io.github.timesortedid.autoconfigure;

import java.util.Objects;

import io.github.timesortedid.jdbc.AggregateIds;
import io.github.timesortedid.jdbc.TimeSortedIdJdbcAggregateTemplate;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.convert.DataAccessStrategy;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;

/**
 * Keeps the library's aggregate template where the application defines its own, as a subclass of
 * Spring Data JDBC's {@code AbstractJdbcConfiguration} does (Spring Data's reference and examples
 * configure Spring Data JDBC so): the library's template backs off from such a bean, and with Spring
 * Data JDBC's own template {@code save()} of an aggregate whose ID was minted ahead is an UPDATE of
 * no row, which stores nothing and reports nothing. A plain {@link JdbcAggregateTemplate} is replaced
 * by the library's, made of the same mapping, converter and data access strategy; a subclass of the
 * application's own cannot be, and fails startup saying what to extend instead.
 */
final class AggregateTemplates implements BeanPostProcessor, ApplicationContextAware {

	private @Nullable ApplicationContext context;

	@Override
	public void setApplicationContext(ApplicationContext context) {
		this.context = context;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof JdbcAggregateTemplate) || bean instanceof TimeSortedIdJdbcAggregateTemplate) {
			return bean;
		}
		if (bean.getClass() != JdbcAggregateTemplate.class) {
			throw new TimeSortedIdConfigurationException("The bean '" + beanName + "' is a "
					+ bean.getClass().getName() + ", a JdbcAggregateTemplate that is not the library's: its save() of an "
					+ "aggregate whose @TimeSortedId was minted ahead would UPDATE a row that does not exist and store "
					+ "nothing.", "Extend io.github.timesortedid.jdbc.TimeSortedIdJdbcAggregateTemplate instead of "
							+ "JdbcAggregateTemplate.");
		}
		ApplicationContext context = Objects.requireNonNull(this.context, "set before beans are made");
		return new TimeSortedIdJdbcAggregateTemplate(context, context.getBean(JdbcMappingContext.class),
				context.getBean(JdbcConverter.class), context.getBean(DataAccessStrategy.class),
				context.getBean(AggregateIds.class));
	}

}
