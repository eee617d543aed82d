package io.github.timesortedid.jdbc.meetings;

import java.time.ZonedDateTime;
import java.util.List;

import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;

/**
 * Spring Data JDBC writes a {@code ZonedDateTime} as its text but has no converter to read it back,
 * so an application that keeps one registers the pair itself.
 */
@Configuration(proxyBeanMethods = false)
public class MeetingJdbcConfiguration extends AbstractJdbcConfiguration {

	@Override
	protected List<?> userConverters() {
		return List.of(new ZonedToText(), new TextToZoned());
	}

	@WritingConverter
	static class ZonedToText implements Converter<ZonedDateTime, String> {

		@Override
		public String convert(ZonedDateTime time) {
			return time.toString();
		}

	}

	@ReadingConverter
	static class TextToZoned implements Converter<String, ZonedDateTime> {

		@Override
		public ZonedDateTime convert(String text) {
			return ZonedDateTime.parse(text);
		}

	}

}
