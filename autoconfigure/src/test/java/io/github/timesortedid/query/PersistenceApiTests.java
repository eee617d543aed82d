package io.github.timesortedid.query;

import io.github.timesortedid.autoconfigure.fixtures.blog.Post;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The one refusal of a domain type neither persistence API stores, worded once for the three callers
 * (insert, time ranges, the ID resolver's loads), each naming what it could not do.
 */
class PersistenceApiTests {

	@Test
	void aTypeNeitherApiStoresIsRefusedNamingItAndWhatCannotBeDone() {
		// an application without an entity manager factory or an aggregate template
		DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
		assertThatIllegalStateException().isThrownBy(() -> PersistenceApi.storing(beans, Post.class, "it cannot be inserted"))
			.withMessage(Post.class.getName() + " is neither an entity of the application's entity manager factory nor "
					+ "stored by Spring Data JDBC, so it cannot be inserted");
		assertThatIllegalStateException().isThrownBy(() -> PersistenceApi.loader(beans).find(Post.class, "post_x"))
			.withMessageEndingWith("so its IDs cannot be loaded");
	}

}
