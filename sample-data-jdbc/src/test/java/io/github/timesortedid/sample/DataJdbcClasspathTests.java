package io.github.timesortedid.sample;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.jdbc.repository.support.JdbcRepositoryFactoryBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The sample app's tests that this module runs pass on Spring Data JDBC alone: neither Hibernate nor
 * Jakarta Persistence is on the classpath, and each repository is one Spring Data JDBC made.
 */
@SpringBootTest
class DataJdbcClasspathTests {

	@Autowired
	private JdbcRepositoryFactoryBean<PostRepository, Post, PostId> posts;

	@Test
	void noJpaOnTheClasspath() {
		assertThatExceptionOfType(ClassNotFoundException.class).isThrownBy(() -> Class.forName("org.hibernate.Session"));
		assertThatExceptionOfType(ClassNotFoundException.class)
			.isThrownBy(() -> Class.forName("jakarta.persistence.EntityManager"));
	}

	@Test
	void thePostsAreAggregatesOfSpringDataJdbc() {
		assertThat(this.posts.getObjectType()).isEqualTo(PostRepository.class);
		assertThat(this.posts.getEntityInformation().getJavaType()).isEqualTo(Post.class);
	}

}
