package io.github.timesortedid.docs.json;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The guide's JSON settings: a snowflake key written as a string, read from either form. */
@SpringBootTest(classes = JsonApplication.class, properties = "spring.config.import=classpath:config/json.yml")
class JsonTests {

	@Autowired
	private JsonMapper json;

	@Autowired
	private TweetRepository tweets;

	@Test
	void aSnowflakeKeyIsAStringAndReadsBackFromEitherForm() {
		Tweet tweet = this.tweets.save(new Tweet("Hello"));
		String written = this.json.writeValueAsString(tweet);
		assertThat(written).contains("\"id\":\"" + tweet.getId() + "\"");
		assertThat(this.json.readValue("{\"id\":\"" + tweet.getId() + "\"}", Tweet.class).getId()).isEqualTo(tweet.getId());
		assertThat(this.json.readValue("{\"id\":" + tweet.getId() + "}", Tweet.class).getId()).isEqualTo(tweet.getId());
	}

	@Test
	void aViewUsesJacksonsOwnAnnotation() {
		String written = this.json.writeValueAsString(new CommentView(2124591150973530270L, "Hi"));
		assertThat(written).isEqualTo("{\"id\":\"2124591150973530270\",\"text\":\"Hi\"}");
		assertThat(this.json.readValue(written, CommentView.class).id()).isEqualTo(2124591150973530270L);
	}

}
