package io.github.timesortedid.jdbc.plain;

import io.github.timesortedid.jdbc.AggregateIds;
import io.github.timesortedid.jdbc.TimeSortedIdJdbcAggregateTemplate;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.convert.DataAccessStrategy;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;

/** An application's own Spring Data JDBC configuration that keeps the library's aggregate template. */
// tag::configuration[]
@Configuration(proxyBeanMethods = false)
public class NoteJdbcConfiguration extends AbstractJdbcConfiguration {

	@Override
	public JdbcAggregateTemplate jdbcAggregateTemplate(ApplicationContext context, JdbcMappingContext mappingContext,
			JdbcConverter converter, DataAccessStrategy dataAccessStrategy) {
		return new TimeSortedIdJdbcAggregateTemplate(context, mappingContext, converter, dataAccessStrategy,
				context.getBean(AggregateIds.class));
	}

}
// end::configuration[]
