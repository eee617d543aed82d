package io.github.timesortedid.sql;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.matrix.MatrixApplication;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MatrixRow;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKsuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxTyped;
import io.github.timesortedid.sql.fixtures.Comment;
import io.github.timesortedid.sql.fixtures.CommentRepository;
import io.github.timesortedid.sql.fixtures.MigrationApplication;
import io.github.timesortedid.sql.fixtures.Post;
import io.github.timesortedid.sql.fixtures.PostRepository;
import io.github.timesortedid.testsupport.Database;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.SessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Loads that send many binary-stored IDs at once (uuid, bytea and typed IDs): {@code findMultiple} and batch fetching, which
 * Hibernate sends as one SQL array parameter on PostgreSQL ({@code id = any(?)}) and as an
 * {@code IN} list elsewhere.
 */
class BinaryKeyArrayTests {

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "H2" })
	void manyIdsAtOnceFindTheirRows(Database database) {
		DataSource dataSource = database.newDatabase();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(MigrationApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("time-sorted-id.storage=binary", "spring.jpa.hibernate.ddl-auto=create",
					"spring.jpa.properties.hibernate.default_batch_fetch_size=16")
			.run()) {
			PostRepository posts = context.getBean(PostRepository.class);
			CommentRepository comments = context.getBean(CommentRepository.class);
			List<String> postIds = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				Post post = posts.save(new Post("post " + i));
				postIds.add(post.getId());
				comments.save(new Comment(post, "comment " + i));
			}
			SessionFactory sessions = context.getBean(EntityManagerFactory.class).unwrap(SessionFactory.class);
			List<Post> found = sessions.fromTransaction(session -> session.findMultiple(Post.class, postIds));
			assertThat(found).extracting(Post::getId).containsExactlyElementsOf(postIds);
			List<String> titles = sessions.fromTransaction(session -> {
				List<Comment> all = session.createSelectionQuery("from Comment", Comment.class).getResultList();
				return all.stream().map(comment -> comment.getPost().getTitle()).sorted().toList();
			});
			assertThat(titles).hasSize(20).contains("post 0", "post 19");
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "POSTGRESQL", "H2" })
	void arraysOfBytesAndOfTypedIdsFindTheirRows(Database database) {
		DataSource dataSource = database.newDatabase();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(MatrixApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("time-sorted-id.storage=binary", "spring.jpa.hibernate.ddl-auto=create",
					"test.entities=" + MxKsuid.class.getName() + "," + MxTyped.class.getName())
			.run()) {
			SessionFactory sessions = context.getBean(EntityManagerFactory.class).unwrap(SessionFactory.class);
			for (Class<? extends MatrixRow> type : List.of(MxKsuid.class, MxTyped.class)) {
				List<Object> ids = new ArrayList<>();
				sessions.inTransaction(session -> {
					for (int seq = 0; seq < 10; seq++) {
						MatrixRow row = newRow(type).fill(seq);
						session.persist(row);
						session.flush();
						ids.add(session.getIdentifier(row));
					}
				});
				List<? extends MatrixRow> found = sessions.fromTransaction(session -> session.findMultiple(type, ids));
				assertThat(found).as(type.getSimpleName()).extracting(MatrixRow::getSeq)
					.containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
			}
		}
	}

	private static MatrixRow newRow(Class<? extends MatrixRow> type) {
		try {
			return type.getDeclaredConstructor().newInstance();
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
