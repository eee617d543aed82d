package io.github.timesortedid.jdbc.plain;

import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.convert.DataAccessStrategy;
import org.springframework.data.jdbc.core.convert.JdbcConverter;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;

/** An application's own Spring Data JDBC configuration with a template of its own making. */
@Configuration(proxyBeanMethods = false)
public class AuditedNoteJdbcConfiguration extends AbstractJdbcConfiguration {

	@Override
	public JdbcAggregateTemplate jdbcAggregateTemplate(ApplicationContext context, JdbcMappingContext mappingContext,
			JdbcConverter converter, DataAccessStrategy dataAccessStrategy) {
		return new AuditedTemplate(context, mappingContext, converter, dataAccessStrategy);
	}

	/** Spring Data JDBC's template with something of the application's own. */
	static class AuditedTemplate extends JdbcAggregateTemplate {

		AuditedTemplate(ApplicationContext context, JdbcMappingContext mappingContext, JdbcConverter converter,
				DataAccessStrategy dataAccessStrategy) {
			super(context, mappingContext, converter, dataAccessStrategy);
		}

	}

}
