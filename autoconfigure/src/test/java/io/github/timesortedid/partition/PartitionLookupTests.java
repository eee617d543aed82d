package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.albums.Album;
import io.github.timesortedid.autoconfigure.fixtures.albums.AlbumRepository;
import io.github.timesortedid.autoconfigure.fixtures.albums.AlbumsApplication;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PartitionsApplication;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.partitions.PostRepository;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bounds lookups of a partitioned table get on PostgreSQL, beyond {@code findById} of
 * {@code PartitionPruningTests}: a lazy collection kept in a table partitioned alike is loaded with
 * its owner's bounds and planned once; a statement inspector of the application's own given as an
 * instance runs first and the lookup still gets its month's bounds; one named by its class is
 * Hibernate's to make, and then lookups go without bounds, which startup says.
 */
@ExtendWith(OutputCaptureExtension.class)
class PartitionLookupTests {

	private static final Instant MAY = Instant.parse("2026-05-04T09:00:00Z");

	private static final String MAY_BOUNDS = " and p1_0.id>='post_01kqgdbj00e008000000000000' and p1_0.id<'post_01kt07nv00e008000000000000'";

	@Test
	void aLazyCollectionPartitionedAlikeIsLoadedWithItsOwnersBoundsInOnePartition() throws Exception {
		List<String> sent = new CopyOnWriteArrayList<>();
		DataSource raw = Database.POSTGRESQL.newDatabase();
		DataSource recorded = ProxyDataSourceBuilder.create(raw)
			.afterQuery((execution, queries) -> queries.forEach(query -> sent.add(query.getQuery())))
			.build();
		try (ConfigurableApplicationContext albums = new SpringApplicationBuilder(AlbumsApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", recorded);
				context.getBeanFactory().registerSingleton("clock", new SettableClock(MAY));
			})
			.properties(Map.of("spring.jpa.hibernate.ddl-auto", "create", "time-sorted-id.partitions.Album.interval", "month"))
			.run()) {
			AlbumRepository repository = albums.getBean(AlbumRepository.class);
			String id = repository.insert(new Album("may", "a.jpg", "b.jpg", "c.jpg")).entity().getId();
			sent.clear();
			List<String> photos = albums.getBean(TransactionTemplate.class)
				.execute(status -> List.copyOf(repository.findById(id).orElseThrow().getPhotos()));
			assertThat(photos).containsExactly("a.jpg", "b.jpg", "c.jpg");
			assertThat(sent).hasSize(2);
			assertThat(sent.get(0)).contains(" from album ")
				.matches(".*where (\\w+)\\.id=\\? and \\1\\.id>='album_01kqgdbj00e008000000000000' and \\1\\.id<'album_01kt07nv00e008000000000000'");
			String collection = sent.get(1);
			assertThat(collection).contains(" from album_photo ")
				.matches(".*where (\\w+)\\.album_id=\\? and \\1\\.album_id>='album_01kqgdbj00e008000000000000' and \\1\\.album_id<'album_01kt07nv00e008000000000000'.*");
			assertThat(PartitionPruningTests.planned(raw, new PartitionPruningTests.Captured(collection, List.of(id))))
				.containsExactly("album_photo_p202605");
		}
	}

	@Test
	void anInspectorGivenAsAnInstanceRunsFirstAndTheLookupStillGetsItsBounds() {
		List<String> seen = new CopyOnWriteArrayList<>();
		StatementInspector application = sql -> {
			seen.add(sql);
			return sql.startsWith("select") ? "/* app */ " + sql : sql;
		};
		List<String> sent = new CopyOnWriteArrayList<>();
		try (ConfigurableApplicationContext blog = start(sent, Map.of(), application)) {
			PostRepository posts = blog.getBean(PostRepository.class);
			String id = posts.insert(new Post("may")).entity().getId();
			seen.clear();
			sent.clear();
			assertThat(posts.findById(id)).map(Post::getTitle).contains("may");
			assertThat(seen.get(0)).startsWith("select").doesNotContain(">=");
			assertThat(sent.get(0)).startsWith("/* app */ select").endsWith("where p1_0.id=?" + MAY_BOUNDS);
		}
	}

	@Test
	void anInspectorNamedByItsClassLeavesLookupsWithoutBoundsAndStartupSaysSo(CapturedOutput output) {
		List<String> sent = new CopyOnWriteArrayList<>();
		try (ConfigurableApplicationContext blog = start(sent,
				Map.of("spring.jpa.properties.hibernate.session_factory.statement_inspector", Commented.class.getName()), null)) {
			PostRepository posts = blog.getBean(PostRepository.class);
			String id = posts.insert(new Post("may")).entity().getId();
			sent.clear();
			assertThat(posts.findById(id)).map(Post::getTitle).contains("may");
			assertThat(sent.get(0)).startsWith("/* commented */ select").endsWith("where p1_0.id=?");
		}
		assertThat(output).contains("hibernate.session_factory.statement_inspector names a class, so lookups by ID of "
				+ "[post (Post, by month)] are sent without their partition's bounds and PostgreSQL plans each one");
	}

	private static ConfigurableApplicationContext start(List<String> sent, Map<String, Object> properties,
			StatementInspector application) {
		DataSource recorded = ProxyDataSourceBuilder.create(Database.POSTGRESQL.newDatabase())
			.afterQuery((execution, queries) -> queries.forEach(query -> sent.add(query.getQuery())))
			.build();
		return new SpringApplicationBuilder(PartitionsApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", recorded);
				context.getBeanFactory().registerSingleton("clock", new SettableClock(MAY));
				if (application != null) {
					context.getBeanFactory()
						.registerSingleton("applicationInspector", (HibernatePropertiesCustomizer) hibernate -> hibernate
							.put("hibernate.session_factory.statement_inspector", application));
				}
			})
			.properties(Map.of("spring.jpa.hibernate.ddl-auto", "create", "time-sorted-id.partitions.Post.interval", "month"))
			.properties(properties)
			.run();
	}

	/** An application's inspector that Hibernate makes from its class name. */
	public static final class Commented implements StatementInspector {

		private static final long serialVersionUID = 1L;

		@Override
		public String inspect(String sql) {
			return sql.startsWith("select") ? "/* commented */ " + sql : sql;
		}

	}

}
