package io.github.timesortedid.sql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.sql.fixtures.Comment;
import io.github.timesortedid.sql.fixtures.CommentRepository;
import io.github.timesortedid.sql.fixtures.MigrationApplication;
import io.github.timesortedid.sql.fixtures.Post;
import io.github.timesortedid.sql.fixtures.PostRepository;
import io.github.timesortedid.sql.fixtures.SqlScripts;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.domain.Sort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The migration scripts of the guide's "Migrating between text and binary storage", run as
 * written on embedded PostgreSQL and MariaDB: 500 posts with 2 comments each, written through JPA
 * with text storage, are found by the same prefixed IDs after the migration to binary storage and
 * after the one back, with their comments joined on the converted foreign key, {@code ORDER BY id}
 * still creation order and new rows after the old ones. Binary storage on a table not migrated
 * stops startup.
 */
class StorageMigrationTests {

	private static final int POSTS = 500;

	private static final int COMMENTS_PER_POST = 2;

	@ParameterizedTest
	@EnumSource(names = { "POSTGRESQL", "MARIADB" })
	void textToBinaryAndBackKeepsEveryIdTheForeignKeysAndTheOrder(Database database) {
		DataSource dataSource = database.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		Written written = new Written();
		try (ConfigurableApplicationContext context = start(dataSource, "text", "create")) {
			written.add(context, POSTS);
		}
		assertColumns(jdbc, database, "text");
		assertThat(jdbc.queryForObject("SELECT title FROM post WHERE id = ?", String.class, written.postIds.get(7)))
			.isEqualTo("post 7");

		SqlScripts.run(database, dataSource, "META-INF/time-sorted-id/sql/" + database.label() + ".sql");
		SqlScripts.run(database, dataSource, "migration/" + database.label() + "/V2__ids_to_binary.sql");
		assertColumns(jdbc, database, "binary");
		try (ConfigurableApplicationContext context = start(dataSource, "binary", "validate")) {
			written.assertFound(context);
			// at the SQL prompt, a prefixed ID from a log line finds its row through the helper
			String postId = written.postIds.get(POSTS / 2);
			assertThat(jdbc.queryForObject("SELECT title FROM post WHERE id = tsid_to_uuid(?)", String.class, postId))
				.isEqualTo(written.titles.get(postId));
			String commentId = written.commentIds.get(POSTS);
			assertThat(jdbc.queryForObject("SELECT tsid_to_text(post_id, 'post') FROM comment WHERE id = tsid_to_uuid(?)",
					String.class, commentId))
				.isEqualTo(written.postOfComment.get(commentId));
			// the stored value is the TypeID's UUID, as Java computes it
			assertThat(jdbc.queryForObject("SELECT tsid_to_text(id, 'post') FROM post WHERE id = CAST(? AS uuid)", String.class,
					TypeId.parse(postId).uuid().toString()))
				.isEqualTo(postId);
			assertThatThrownBy(() -> jdbc.update("INSERT INTO comment (id, body, post_id) VALUES (tsid_to_uuid(?), 'x', "
					+ "tsid_to_uuid(?))", danglingComment(), unknownPost()))
				.as("the foreign key is back")
				.isInstanceOf(DataIntegrityViolationException.class);
			written.add(context, 3);
			written.assertFound(context);
		}

		SqlScripts.run(database, dataSource, "migration/" + database.label() + "/V3__ids_back_to_text.sql");
		assertColumns(jdbc, database, "text");
		try (ConfigurableApplicationContext context = start(dataSource, "text", "validate")) {
			written.assertFound(context);
			String postId = written.postIds.get(POSTS + 1);
			assertThat(jdbc.queryForObject("SELECT title FROM post WHERE id = ?", String.class, postId))
				.isEqualTo(written.titles.get(postId));
			assertThatThrownBy(() -> jdbc.update("INSERT INTO comment (id, body, post_id) VALUES (?, 'x', ?)",
					danglingComment(), unknownPost()))
				.as("the foreign key is back")
				.isInstanceOf(DataIntegrityViolationException.class);
			written.add(context, 3);
			written.assertFound(context);
		}
		assertThat(written.postIds).hasSize(POSTS + 6);
		assertThat(written.commentIds).hasSize((POSTS + 6) * COMMENTS_PER_POST);
	}

	@ParameterizedTest
	@EnumSource(names = { "POSTGRESQL", "MARIADB" })
	void binaryStorageOnATableNotMigratedStopsStartupPointingToTheMigration(Database database) {
		DataSource dataSource = database.newDatabase();
		try (ConfigurableApplicationContext context = start(dataSource, "text", "create")) {
			new Written().add(context, 1);
		}
		Throwable failure = catchThrowable(() -> start(dataSource, "binary", "none").close());
		FailureAnalysis analysis = FailureAnalyses.of(failure);
		assertThat(analysis.getDescription()).contains("column 'id' (Post.id)")
			.contains("column 'id' (Comment.id)")
			.contains("column 'post_id' (references Post.id)")
			.contains("are stored as binary");
		assertThat(analysis.getAction()).contains("migration SQL");
		// the text is still there, readable with text storage
		start(dataSource, "text", "validate").close();
	}

	private static ConfigurableApplicationContext start(DataSource dataSource, String storage, String ddlAuto) {
		return new SpringApplicationBuilder(MigrationApplication.class).web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
			.properties("time-sorted-id.storage=" + storage, "spring.jpa.hibernate.ddl-auto=" + ddlAuto,
					"spring.jpa.properties.hibernate.jdbc.batch_size=100",
					"spring.jpa.properties.hibernate.order_inserts=true")
			.run();
	}

	/**
	 * The ID columns' types as the database reports them: what Hibernate generates for text IDs
	 * ({@code varchar} with a byte-wise collation), and {@code uuid} for binary ones.
	 */
	private static void assertColumns(JdbcTemplate jdbc, Database database, String storage) {
		String schema = (database == Database.POSTGRESQL) ? "current_schema()" : "DATABASE()";
		Map<String, List<Object>> found = new LinkedHashMap<>();
		jdbc.query("SELECT table_name, column_name, data_type, character_maximum_length, collation_name"
				+ " FROM information_schema.columns WHERE table_schema = " + schema
				+ " AND column_name IN ('id', 'post_id') ORDER BY table_name, column_name",
				(row) -> {
					Integer length = (row.getObject(4) != null) ? row.getInt(4) : null;
					found.put(row.getString(1) + "." + row.getString(2),
							Arrays.asList(row.getString(3), length, row.getString(5)));
				});
		boolean text = storage.equals("text");
		String varchar = (database == Database.POSTGRESQL) ? "character varying" : "varchar";
		String collation = (database == Database.POSTGRESQL) ? "C" : "ascii_bin";
		assertThat(found).containsOnlyKeys("comment.id", "comment.post_id", "post.id");
		assertThat(found.get("post.id")).isEqualTo(text ? Arrays.asList(varchar, 31, collation) : uuid());
		assertThat(found.get("comment.id")).isEqualTo(text ? Arrays.asList(varchar, 34, collation) : uuid());
		assertThat(found.get("comment.post_id")).isEqualTo(text ? Arrays.asList(varchar, 31, collation) : uuid());
	}

	private static List<Object> uuid() {
		return Arrays.asList("uuid", null, null);
	}

	private static String danglingComment() {
		return TypeId.of("comment", UUID.fromString("01890a5d-ac96-774b-bcce-b302099a8057")).toString();
	}

	private static String unknownPost() {
		return TypeId.of("post", UUID.fromString("01890a5d-ac96-774b-bcce-b302099a8057")).toString();
	}

	/** What the application wrote, in creation order: the oracle every started context is checked against. */
	private static final class Written {

		final List<String> postIds = new ArrayList<>();

		final Map<String, String> titles = new LinkedHashMap<>();

		final List<String> commentIds = new ArrayList<>();

		final Map<String, String> postOfComment = new LinkedHashMap<>();

		/** Saves {@code count} posts with their comments through the repositories, in one transaction. */
		void add(ConfigurableApplicationContext context, int count) {
			PostRepository posts = context.getBean(PostRepository.class);
			CommentRepository comments = context.getBean(CommentRepository.class);
			transactions(context).executeWithoutResult((status) -> {
				for (int i = 0; i < count; i++) {
					Post post = posts.save(new Post("post " + this.postIds.size()));
					this.postIds.add(post.getId());
					this.titles.put(post.getId(), post.getTitle());
					for (int j = 0; j < COMMENTS_PER_POST; j++) {
						Comment comment = comments.save(new Comment(post, "comment " + j + " on " + post.getTitle()));
						this.commentIds.add(comment.getId());
						this.postOfComment.put(comment.getId(), post.getId());
					}
				}
			});
		}

		/**
		 * Every post and comment found by its prefixed ID, the comments with their posts, and both
		 * tables in creation order by ID.
		 */
		void assertFound(ConfigurableApplicationContext context) {
			PostRepository posts = context.getBean(PostRepository.class);
			CommentRepository comments = context.getBean(CommentRepository.class);
			TransactionTemplate transactions = transactions(context);
			transactions.setReadOnly(true);
			transactions.executeWithoutResult((status) -> {
				assertThat(posts.findAll(Sort.by("id"))).extracting(Post::getId).containsExactlyElementsOf(this.postIds);
				List<Comment> joined = comments.findAllWithPostsInIdOrder();
				assertThat(joined).extracting(Comment::getId).containsExactlyElementsOf(this.commentIds);
				assertThat(joined).allSatisfy((comment) -> assertThat(comment.getPost().getId())
					.isEqualTo(this.postOfComment.get(comment.getId())));
			});
			transactions.executeWithoutResult((status) -> {
				for (String id : this.postIds) {
					assertThat(posts.findById(id)).as(id).get().extracting(Post::getTitle).isEqualTo(this.titles.get(id));
				}
			});
			transactions.executeWithoutResult((status) -> {
				for (String id : this.commentIds) {
					assertThat(comments.findById(id)).as(id)
						.get()
						.extracting((comment) -> comment.getPost().getId())
						.isEqualTo(this.postOfComment.get(id));
				}
			});
		}

		private static TransactionTemplate transactions(ConfigurableApplicationContext context) {
			return new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
		}

	}

}
