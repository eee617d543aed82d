package io.github.timesortedid.jdbc.plain;

import java.util.List;

import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;

/** An application's own Spring Data JDBC configuration that registers converters of its own. */
@Configuration(proxyBeanMethods = false)
public class ColourJdbcConfiguration extends AbstractJdbcConfiguration {

	@Override
	protected List<?> userConverters() {
		return List.of(new ColourToText(), new TextToColour());
	}

	@WritingConverter
	static class ColourToText implements Converter<Card.Colour, String> {

		@Override
		public String convert(Card.Colour colour) {
			return colour.hex();
		}

	}

	@ReadingConverter
	static class TextToColour implements Converter<String, Card.Colour> {

		@Override
		public Card.Colour convert(String hex) {
			return new Card.Colour(hex);
		}

	}

}
