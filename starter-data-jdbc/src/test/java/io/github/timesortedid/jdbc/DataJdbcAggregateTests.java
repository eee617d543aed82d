package io.github.timesortedid.jdbc;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration;
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.jdbc.blog.Author;
import io.github.timesortedid.jdbc.blog.AuthorId;
import io.github.timesortedid.jdbc.blog.AuthorRepository;
import io.github.timesortedid.jdbc.blog.BlogApplication;
import io.github.timesortedid.jdbc.blog.Comment;
import io.github.timesortedid.jdbc.blog.Device;
import io.github.timesortedid.jdbc.blog.DeviceRepository;
import io.github.timesortedid.jdbc.blog.Invoice;
import io.github.timesortedid.jdbc.blog.InvoiceRepository;
import io.github.timesortedid.jdbc.blog.Post;
import io.github.timesortedid.jdbc.blog.PostRepository;
import io.github.timesortedid.jdbc.blog.Reading;
import io.github.timesortedid.jdbc.blog.ReadingRepository;
import io.github.timesortedid.jdbc.blog.Tag;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.StatementCounter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.mapping.AggregateReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A Spring Data JDBC application (aggregates with child entities, typed IDs, references between
 * aggregates, {@code ListCrudRepository}s) on each database: IDs from the library's model, saves that
 * insert new aggregates whatever set their IDs and update stored ones. One application per database,
 * shared by the cases.
 */
class DataJdbcAggregateTests {

	private static final String UUIDV7 = "[0-7][0-9a-hjkmnp-tv-z]{25}";

	private static final Map<Database, Blog> blogs = new EnumMap<>(Database.class);

	@AfterAll
	static void close() {
		blogs.values().forEach(blog -> blog.context().close());
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void theRootItsEntitiesAndOtherAttributesGetIdsFromTheModel(Database database) {
		Blog blog = blog(database);
		Author author = blog.bean(AuthorRepository.class).save(new Author("Ada"));
		assertThat(author.getId().value()).matches("author_" + UUIDV7);
		Post post = blog.bean(PostRepository.class)
			.save(new Post("Time-sorted IDs", author.getId()).comment("first").comment("second"));
		assertThat(post.getId()).matches("post_" + UUIDV7);
		// time-sorted-id.entities.Comment.algorithm=ulid: an entity inside the aggregate, named by its class
		assertThat(post.getComments()).extracting(Comment::getId).allMatch(id -> id.matches("cmt_[0-7][0-9A-HJKMNP-TV-Z]{25}"));
		assertThat(post.getComments().get(1).getId()).isGreaterThan(post.getComments().get(0).getId());
		// the annotation's algorithm: random, 128 bits in 22 base62 characters, no prefix
		assertThat(post.getShareToken()).matches("[0-9A-Za-z]{22}");
		Post found = blog.bean(PostRepository.class).findById(post.getId()).orElseThrow();
		assertThat(found.getComments()).extracting(Comment::getId, Comment::getBody)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(post.getComments().get(0).getId(), "first"),
					org.assertj.core.groups.Tuple.tuple(post.getComments().get(1).getId(), "second"));
		assertThat(found.getShareToken()).isEqualTo(post.getShareToken());
		assertThat(TypeId.parse(post.getId()).uuid().version()).isEqualTo(7);
		// the registry knows the mapped attributes, so IDs parse to their aggregates
		assertThat(blog.bean(TimeSortedIdRegistry.class).parse(post.getId()).entityName()).isEqualTo("Post");
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void entitiesInSetsAndMapsGetIdsImmutableOnesAsCopies(Database database) {
		Blog blog = blog(database);
		AuthorId author = blog.bean(AuthorRepository.class).save(new Author("Margaret")).getId();
		Post post = blog.bean(PostRepository.class)
			.save(new Post("Shapes", author).tag("ids").tag("jdbc").attach("slides", "slides.pdf"));
		assertThat(post.getTags()).extracting(Tag::id).hasSize(2).allMatch(id -> id.matches("tag_" + UUIDV7));
		assertThat(post.getTags()).extracting(Tag::name).containsExactly("ids", "jdbc");
		assertThat(post.getAttachments().get("slides").getId()).matches("att_" + UUIDV7);
		Post found = blog.bean(PostRepository.class).findById(post.getId()).orElseThrow();
		assertThat(found.getTags()).containsExactlyInAnyOrderElementsOf(post.getTags());
		assertThat(found.getAttachments().get("slides").getId()).isEqualTo(post.getAttachments().get("slides").getId());
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void idsTheApplicationMintsAreInsertedAndAStoredAggregateIsUpdated(Database database) {
		Blog blog = blog(database);
		TimeSortedIds ids = blog.bean(TimeSortedIds.class);
		AuthorId authorId = ids.next(AuthorId.class);
		blog.statements().reset();
		Author author = blog.bean(AuthorRepository.class).save(new Author(authorId, "Grace"));
		assertThat(blog.statements().count("insert")).isOne();
		assertThat(blog.statements().count("update")).isZero();
		String postId = ids.next(Post.class);
		PostRepository posts = blog.bean(PostRepository.class);
		posts.save(new Post(postId, "Minted ahead", author.getId()).comment("kept"));
		Post found = posts.findById(postId).orElseThrow();
		assertThat(found.getComments()).singleElement().satisfies(comment -> assertThat(comment.getBody()).isEqualTo("kept"));

		found.setTitle("Changed");
		blog.statements().reset();
		posts.save(found);
		assertThat(blog.statements().statements()).filteredOn(sql -> sql.toLowerCase().startsWith("update"))
			.singleElement()
			.satisfies(sql -> assertThat(sql.toLowerCase()).contains("post"));
		assertThat(blog.statements().statements()).noneMatch(sql -> sql.toLowerCase().matches("insert into \\W?post\\W? .*"));
		assertThat(posts.findById(postId).orElseThrow().getTitle()).isEqualTo("Changed");
		assertThat(posts.findById(postId).orElseThrow().getComments()).hasSize(1);
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aVersionedImmutableAggregateIsJudgedByItsVersionAndTheYamlPrefixWins(Database database) {
		Blog blog = blog(database);
		InvoiceRepository invoices = blog.bean(InvoiceRepository.class);
		Invoice created = invoices.save(new Invoice(null, null, 1200));
		// time-sorted-id.entities.Invoice.prefix=bill over @TimeSortedId(prefix = "inv")
		assertThat(created.id()).matches("bill_" + UUIDV7);
		assertThat(created.version()).isZero();
		Invoice changed = invoices.save(created.withCents(3400));
		assertThat(changed.version()).isOne();
		String minted = blog.bean(TimeSortedIds.class).next(Invoice.class);
		blog.statements().reset();
		invoices.save(new Invoice(minted, null, 5600));
		// a null version says new: no look-up
		assertThat(blog.statements().count("select")).isZero();
		assertThat(invoices.findById(minted).orElseThrow().cents()).isEqualTo(5600);
		assertThat(invoices.findById(created.id()).orElseThrow().cents()).isEqualTo(3400);
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void saveAllInsertsNewAndMintedAggregatesInOneBatch(Database database) {
		Blog blog = blog(database);
		AuthorId author = blog.bean(AuthorRepository.class).save(new Author("Barbara")).getId();
		TimeSortedIds ids = blog.bean(TimeSortedIds.class);
		List<Post> batch = IntStream.range(0, 6)
			.mapToObj(i -> (i % 2 == 0) ? new Post("new " + i, author) : new Post(ids.next(Post.class), "minted " + i, author))
			.map(post -> post.comment("a comment"))
			.toList();
		blog.statements().reset();
		// tag::save-all[]
		List<Post> saved = blog.bean(PostRepository.class).saveAll(batch); // one batch of INSERTs
		// end::save-all[]
		assertThat(saved).extracting(Post::getTitle)
			.containsExactly("new 0", "minted 1", "new 2", "minted 3", "new 4", "minted 5");
		assertThat(blog.statements().batches()).filteredOn(each -> each.sql().toLowerCase().matches("insert into \\W?post\\W? .*"))
			.singleElement()
			.satisfies(each -> assertThat(each.size()).isEqualTo(6));
		assertThat(blog.statements().count("update")).isZero();
		// the three IDs set ahead are looked up together, in one count
		assertThat(blog.statements().count("select")).isOne();
		assertThat(blog.bean(PostRepository.class).findAllById(saved.stream().map(Post::getId).toList())).hasSize(6);
		// saved again, edited: all stored, so one count again, and UPDATEs alone
		saved.forEach(post -> post.setTitle(post.getTitle() + ", edited"));
		blog.statements().reset();
		blog.bean(PostRepository.class).saveAll(saved);
		assertThat(blog.statements().count("select")).isOne();
		assertThat(blog.statements().statements()).noneMatch(sql -> table(sql).equals("post"));
		assertThat(blog.statements().count("update")).isEqualTo(6);
		// a batch with both, two stored and one new with its ID set ahead: each goes its way
		Post fresh = new Post(ids.next(Post.class), "minted 6", author);
		blog.statements().reset();
		blog.bean(PostRepository.class).saveAll(List.of(saved.get(1), fresh, saved.get(3)));
		assertThat(blog.statements().count("update")).isEqualTo(2);
		assertThat(blog.bean(PostRepository.class).findAllById(
				List.of(saved.get(1).getId(), fresh.getId(), saved.get(3).getId(), saved.get(5).getId())))
			.extracting(Post::getTitle)
			.containsExactlyInAnyOrder("minted 1, edited", "minted 6", "minted 3, edited", "minted 5, edited");
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void saveAllOfNewAggregatesSendsOneBatchPerTableAndNoLookUp(Database database) {
		Blog blog = blog(database);
		AuthorId author = blog.bean(AuthorRepository.class).save(new Author("Frances")).getId();
		List<Post> batch = IntStream.range(0, 5)
			.mapToObj(i -> new Post("batched " + i, author).comment("one").comment("two").tag("t" + i).attach("a", i + ".pdf"))
			.toList();
		blog.statements().reset();
		List<Post> saved = blog.bean(PostRepository.class).saveAll(batch);
		// Spring Data JDBC's batching, kept: each table's rows in one JDBC batch, the IDs minted before it
		// and nothing read first, so that the rows of 5 aggregates take 4 round trips, not 25
		assertThat(blog.statements().batches()).extracting(each -> table(each.sql()), StatementCounter.Batch::size)
			.containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("post", 5), org.assertj.core.groups.Tuple.tuple("comment", 10),
					org.assertj.core.groups.Tuple.tuple("tag", 5), org.assertj.core.groups.Tuple.tuple("attachment", 5));
		assertThat(blog.statements().statements()).hasSize(4);
		assertThat(saved).extracting(Post::getId).allMatch(id -> id.matches("post_" + UUIDV7));
		assertThat(blog.bean(PostRepository.class).findAllById(saved.stream().map(Post::getId).toList()))
			.allSatisfy(post -> assertThat(post.getComments()).extracting(Comment::getBody).containsExactly("one", "two"))
			.hasSize(5);
	}

	/** The table an {@code INSERT} writes, unquoted and lower case. */
	private static String table(String insert) {
		return insert.toLowerCase().replaceFirst("^\\s*insert into \\W?(\\w+)\\W? .*$", "$1");
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void typedIdsAreColumnsInReferencesDerivedQueriesAndQueryParameters(Database database) {
		Blog blog = blog(database);
		AuthorRepository authors = blog.bean(AuthorRepository.class);
		Author author = authors.save(new Author("Edsger"));
		PostRepository posts = blog.bean(PostRepository.class);
		Post first = posts.save(new Post("One", author.getId()));
		Post second = posts.save(new Post("Two", author.getId()));
		assertThat(authors.findById(author.getId())).hasValueSatisfying(found -> assertThat(found.getName()).isEqualTo("Edsger"));
		assertThat(posts.findById(first.getId()).orElseThrow().getAuthorId()).isEqualTo(AggregateReference.to(author.getId()));
		assertThat(posts.findByAuthorId(author.getId())).extracting(Post::getId)
			.containsExactlyInAnyOrder(first.getId(), second.getId());
		assertThat(posts.postsOf(author.getId())).extracting(Post::getId).containsExactly(first.getId(), second.getId());
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void snowflakeLongsAndUuids(Database database) {
		Blog blog = blog(database);
		Reading reading = blog.bean(ReadingRepository.class).save(new Reading(21.5));
		assertThat(reading.getId()).isPositive();
		// node 7 of time-sorted-id.snowflake.node-id, in the 10 bits above the 12-bit sequence
		assertThat((reading.getId() >> 12) & 1023).isEqualTo(7);
		assertThat(blog.bean(ReadingRepository.class).findById(reading.getId()).orElseThrow().getCelsius()).isEqualTo(21.5);
		Device device = blog.bean(DeviceRepository.class).save(new Device("sensor"));
		assertThat(device.getId().version()).isEqualTo(7);
		assertThat(blog.bean(DeviceRepository.class).findById(device.getId()).orElseThrow().getName()).isEqualTo("sensor");
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void anAssignedIdOfAnotherFormIsRefusedNamingTheAttribute(Database database) {
		Blog blog = blog(database);
		AuthorId author = blog.bean(AuthorRepository.class).save(new Author("Alan")).getId();
		assertThatExceptionOfType(InvalidIdException.class)
			.isThrownBy(() -> blog.bean(JdbcAggregateTemplate.class).insert(new Post("article_123", "Wrong", author)))
			.withMessageContaining("assigned to Post.id: expected an ID starting with 'post_'");
	}

	private static synchronized Blog blog(Database database) {
		return blogs.computeIfAbsent(database, DataJdbcAggregateTests::start);
	}

	private static Blog start(Database database) {
		try {
			DataSource dataSource = database.newDatabase();
			DataJdbcContexts.create(dataSource, DataJdbcContexts.BLOG);
			StatementCounter statements = new StatementCounter();
			DataSource counted = statements.around(dataSource);
			ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
				.web(WebApplicationType.NONE)
				.properties("time-sorted-id.snowflake.node-id=7", "time-sorted-id.entities.Invoice.prefix=bill",
						"time-sorted-id.entities.Comment.algorithm=ulid")
				.initializers(applicationContext -> applicationContext.getBeanFactory()
					.registerSingleton("dataSource", counted))
				.run();
			return new Blog(context, statements);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	record Blog(ConfigurableApplicationContext context, StatementCounter statements) {

		<T> T bean(Class<T> type) {
			return this.context.getBean(type);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JdbcTemplateAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
			DataJdbcRepositoriesAutoConfiguration.class, TimeSortedIdAutoConfiguration.class,
			TimeSortedIdDataJdbcAutoConfiguration.class })
	@Import(BlogApplication.class)
	static class Application {

	}

}
