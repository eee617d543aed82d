package io.github.timesortedid.jdbc.plain;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.dialect.JdbcMariaDbDialect;
import org.springframework.data.relational.core.sql.IdentifierProcessing;
import org.springframework.data.relational.core.sql.IdentifierProcessing.LetterCasing;
import org.springframework.data.relational.core.sql.IdentifierProcessing.Quoting;

/**
 * Names Spring Data JDBC's dialect for MariaDB as a bean, so that Spring Boot asks no connection for
 * it at startup: an application that starts before its database then waits for it in the library's
 * start-up checks.
 */
// tag::dialect[]
@Configuration(proxyBeanMethods = false)
public class MariaDbDialectConfiguration {

	@Bean
	JdbcDialect jdbcDialect() {
		// MariaDB's defaults on Linux: identifiers quoted with backticks, the unquoted ones in lower case
		return new JdbcMariaDbDialect(IdentifierProcessing.create(new Quoting("`"), LetterCasing.LOWER_CASE));
	}

}
// end::dialect[]
