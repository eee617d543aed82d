package io.github.timesortedid.web;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.autoconfigure.TimeSortedIdWebAutoConfiguration;
import io.github.timesortedid.autoconfigure.fixtures.blog.Tweet;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.test.util.ReflectionTestUtils;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code Long} IDs for JavaScript clients, with the {@link JsonMapper} Spring Boot builds: off by
 * default; with {@code time-sorted-id.json.long-ids-as-strings} every {@code @TimeSortedId}
 * {@code Long} and {@code long} is a JSON string and is read from a string or a number; Jackson's
 * own {@code @JsonFormat} makes one attribute a string, or keeps one a number.
 */
class LongIdJsonTests {

	/** Above 2^53 (9007199254740992), where a JavaScript number can no longer hold every integer. */
	static final long ID = 2124591150973530270L;

	static final String DIGITS = "2124591150973530270";

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, TimeSortedIdWebAutoConfiguration.class));

	/** An application's entity-like class: the generator's annotation is what the setting looks for. */
	static class Message {

		@TimeSortedId(algorithm = "snowflake")
		private Long id;

		@TimeSortedId(algorithm = "snowflake")
		private long sequenceId;

		@TimeSortedId(algorithm = "snowflake")
		@JsonFormat(shape = JsonFormat.Shape.NUMBER)
		private Long legacyId;

		private Long likes;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

		public long getSequenceId() {
			return this.sequenceId;
		}

		public void setSequenceId(long sequenceId) {
			this.sequenceId = sequenceId;
		}

		public Long getLegacyId() {
			return this.legacyId;
		}

		public void setLegacyId(Long legacyId) {
			this.legacyId = legacyId;
		}

		public Long getLikes() {
			return this.likes;
		}

		public void setLikes(Long likes) {
			this.likes = likes;
		}

	}

	/** A view without the generator's annotation: one attribute a string by Jackson's own means. */
	record MessageView(@JsonFormat(shape = JsonFormat.Shape.STRING) Long id, Long likes) {
	}

	private static Message message() {
		Message message = new Message();
		message.setId(ID);
		message.setSequenceId(ID + 1);
		message.setLegacyId(ID + 2);
		message.setLikes(ID + 3);
		return message;
	}

	@Test
	void byDefaultLongIdsAreNumbersAsBefore() {
		this.contexts.run(context -> {
			assertThat(context).doesNotHaveBean(LongIdJacksonModule.class);
			JsonMapper json = context.getBean(JsonMapper.class);
			assertThat(json.writeValueAsString(message())).isEqualTo("{\"id\":" + ID + ",\"legacyId\":" + (ID + 2)
					+ ",\"likes\":" + (ID + 3) + ",\"sequenceId\":" + (ID + 1) + "}");
		});
	}

	@Test
	void withTheSettingEveryTimeSortedIdLongIsAStringWithEveryDigit() {
		this.contexts.withPropertyValues("time-sorted-id.json.long-ids-as-strings=true").run(context -> {
			assertThat(context).hasSingleBean(LongIdJacksonModule.class);
			JsonMapper json = context.getBean(JsonMapper.class);
			// legacyId keeps its explicit NUMBER shape, likes is not an ID
			assertThat(json.writeValueAsString(message())).isEqualTo("{\"id\":\"" + DIGITS + "\",\"legacyId\":" + (ID + 2)
					+ ",\"likes\":" + (ID + 3) + ",\"sequenceId\":\"" + (ID + 1) + "\"}");
		});
	}

	@Test
	void withTheSettingAnEntitysSnowflakeIdIsAString() {
		Tweet tweet = new Tweet();
		ReflectionTestUtils.setField(tweet, "id", ID);
		this.contexts.withPropertyValues("time-sorted-id.json.long-ids-as-strings=true").run(context -> {
			JsonMapper json = context.getBean(JsonMapper.class);
			assertThat(json.writeValueAsString(tweet)).isEqualTo("{\"id\":\"" + DIGITS + "\"}");
			assertThat(json.readValue("{\"id\":\"" + DIGITS + "\"}", Tweet.class).getId()).isEqualTo(ID);
		});
	}

	@Test
	void bothFormsAreReadBackExactly() {
		this.contexts.withPropertyValues("time-sorted-id.json.long-ids-as-strings=true").run(context -> {
			JsonMapper json = context.getBean(JsonMapper.class);
			Message fromStrings = json.readValue("{\"id\":\"" + DIGITS + "\",\"sequenceId\":\"" + DIGITS + "\"}",
					Message.class);
			Message fromNumbers = json.readValue("{\"id\":" + DIGITS + ",\"sequenceId\":" + DIGITS + "}", Message.class);
			assertThat(fromStrings.getId()).isEqualTo(ID);
			assertThat(fromStrings.getSequenceId()).isEqualTo(ID);
			assertThat(fromNumbers.getId()).isEqualTo(ID);
			assertThat(fromNumbers.getSequenceId()).isEqualTo(ID);
			Message written = message();
			Message read = json.readValue(json.writeValueAsString(written), Message.class);
			assertThat(read).usingRecursiveComparison().isEqualTo(written);
		});
	}

	@Test
	void aStringThatIsNoNumberIsRefusedNamingTheField() {
		this.contexts.withPropertyValues("time-sorted-id.json.long-ids-as-strings=true").run(context -> {
			JsonMapper json = context.getBean(JsonMapper.class);
			assertThatExceptionOfType(InvalidFormatException.class)
				.isThrownBy(() -> json.readValue("{\"id\":\"post_01m80m8fdeefn8sbsertbdp6n0\"}", Message.class))
				.satisfies(ex -> assertThat(ex.getPath()).singleElement()
					.satisfies(reference -> assertThat(reference.getPropertyName()).isEqualTo("id")))
				.withMessageContaining("\"post_01m80m8fdeefn8sbsertbdp6n0\"");
		});
	}

	@Test
	void jacksonsOwnFormatMakesOneAttributeAStringWithoutTheSetting() {
		this.contexts.run(context -> {
			JsonMapper json = context.getBean(JsonMapper.class);
			assertThat(json.writeValueAsString(new MessageView(ID, 3L))).isEqualTo("{\"id\":\"" + DIGITS + "\",\"likes\":3}");
			assertThat(json.readValue("{\"id\":\"" + DIGITS + "\"}", MessageView.class).id()).isEqualTo(ID);
			assertThat(json.readValue("{\"id\":" + DIGITS + "}", MessageView.class).id()).isEqualTo(ID);
			assertThatExceptionOfType(DatabindException.class)
				.isThrownBy(() -> json.readValue("{\"id\":\"12ab\"}", MessageView.class))
				.satisfies(ex -> assertThat(ex.getPath().get(0).getPropertyName()).isEqualTo("id"));
		});
	}

	@Test
	void theApplicationsOwnModuleWins() {
		this.contexts.withPropertyValues("time-sorted-id.json.long-ids-as-strings=true")
			.withBean(LongIdJacksonModule.class, LongIdJacksonModule::new)
			.run(context -> assertThat(context).hasSingleBean(LongIdJacksonModule.class));
	}

}
