package io.github.timesortedid.jdbc.plain;

import java.util.List;

import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.convert.JdbcCustomConversions;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;

/** An application's own Spring Data JDBC configuration that makes its conversions itself. */
@Configuration(proxyBeanMethods = false)
public class ConversionsJdbcConfiguration extends AbstractJdbcConfiguration {

	@Override
	public JdbcCustomConversions jdbcCustomConversions() {
		return new JdbcCustomConversions(List.of(new ColourJdbcConfiguration.ColourToText(),
				new ColourJdbcConfiguration.TextToColour()));
	}

}
