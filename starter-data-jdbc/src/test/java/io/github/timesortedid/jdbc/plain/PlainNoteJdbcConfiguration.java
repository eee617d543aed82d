package io.github.timesortedid.jdbc.plain;

import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;

/** An application's own Spring Data JDBC configuration as Spring Data's reference shows it. */
@Configuration(proxyBeanMethods = false)
public class PlainNoteJdbcConfiguration extends AbstractJdbcConfiguration {

}
