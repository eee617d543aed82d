package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Function;

import javax.sql.DataSource;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.autoconfigure.fixtures.nodes.Article;
import io.github.timesortedid.autoconfigure.fixtures.nodes.Node;
import io.github.timesortedid.autoconfigure.fixtures.nodes.NodesApplication;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.LockModeType;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bounds of a load by ID go to that load's own statement and to no other, on the graph of
 * partitioned nodes of issue 36 ({@code JOINED} articles, batches of ten, an eager association
 * loaded by a select of its own, a callback that queries): a nested load of an ID without bounds,
 * a query run by a callback during a load; and the statements that should carry bounds and did not
 * (the root table of a subclass load, {@code refresh}, a pessimistic {@code find}).
 */
class PartitionLookupSafetyTests {

	private static final Instant MAY = Instant.parse("2026-05-04T09:00:00Z");

	private static final String MAY_LOWER = "'node_01kqgdbj00e008000000000000'";

	private static final List<String> sent = new CopyOnWriteArrayList<>();

	private static ConfigurableApplicationContext nodes;

	private static JdbcTemplate jdbc;

	@BeforeAll
	static void start() {
		DataSource raw = Database.POSTGRESQL.newDatabase();
		DataSource recorded = ProxyDataSourceBuilder.create(raw)
			.afterQuery((execution, queries) -> queries.forEach(query -> sent.add(query.getQuery())))
			.build();
		nodes = new SpringApplicationBuilder(NodesApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("dataSource", recorded);
				context.getBeanFactory().registerSingleton("clock", new SettableClock(MAY));
			})
			.properties(Map.of("spring.jpa.hibernate.ddl-auto", "create", "time-sorted-id.partitions.Node.interval", "month"))
			.run();
		jdbc = new JdbcTemplate(raw);
		jdbc.update("insert into node (id, title) values ('legacy-3', 'imported')");
	}

	@AfterAll
	static void stop() {
		nodes.close();
	}

	@BeforeEach
	void clear() {
		sent.clear();
	}

	@Test
	void anEagerAssociationToAnIdWithoutBoundsIsFoundAfterABatchLoad() {
		String x = save(Instant.parse("2026-05-10T00:00:00Z"), new Node("x"), (entityManager, node) -> node.setRelated(entityManager.getReference(Node.class, "legacy-3")));
		String w = save(Instant.parse("2026-06-10T00:00:00Z"), new Node("w"), (entityManager, node) -> { });
		Node related = inEntityManager(entityManager -> {
			Node px = entityManager.getReference(Node.class, x);
			entityManager.getReference(Node.class, w);
			return px.getRelated();
		});
		assertThat(related).isNotNull().extracting(Node::getTitle).isEqualTo("imported");
		assertThat(sent).anyMatch(sql -> sql.contains("= any (?)")).noneMatch(sql -> sql.contains(MAY_LOWER));
	}

	@Test
	void aQueryRunByACallbackDuringALoadFindsItsRowInAnotherMonth() {
		String august = save(Instant.parse("2026-08-10T00:00:00Z"), new Node("august"), (entityManager, node) -> { });
		String x = save(Instant.parse("2026-05-11T00:00:00Z"), new Article("x", "body"), (entityManager, node) -> node.setPeer(august));
		Node found = inEntityManager(entityManager -> entityManager.find(Article.class, x));
		assertThat(found.getPeerTitle()).isEqualTo("august");
	}

	@Test
	void aQueryRunByACallbackDuringABatchLoadFindsItsRowInAnotherMonth() {
		String august = save(Instant.parse("2026-08-11T00:00:00Z"), new Node("august"), (entityManager, node) -> { });
		String x = save(Instant.parse("2026-05-14T00:00:00Z"), new Node("x"), (entityManager, node) -> node.setPeer(august));
		String w = save(Instant.parse("2026-06-14T00:00:00Z"), new Node("w"), (entityManager, node) -> { });
		String peerTitle = inEntityManager(entityManager -> {
			Node px = entityManager.getReference(Node.class, x);
			entityManager.getReference(Node.class, w);
			return px.getPeerTitle();
		});
		assertThat(peerTitle).isEqualTo("august");
	}

	@Test
	void aSubclassLoadBoundsItsOwnTableAndTheRootTable() {
		String x = save(Instant.parse("2026-05-12T00:00:00Z"), new Article("x", "body"), (entityManager, node) -> { });
		sent.clear();
		assertThat(inEntityManager(entityManager -> entityManager.find(Article.class, x)).getTitle()).isEqualTo("x");
		String load = sent.get(0);
		assertThat(load).contains(" from article ").contains(" join node ");
		assertThat(load.split(MAY_LOWER, -1)).as(load).hasSize(3);
	}

	@Test
	void aRefreshCarriesTheBoundsAndAPessimisticFindItsLoad() {
		String x = save(Instant.parse("2026-05-13T00:00:00Z"), new Node("x"), (entityManager, node) -> { });
		inEntityManager(entityManager -> {
			Node node = entityManager.find(Node.class, x);
			sent.clear();
			entityManager.refresh(node);
			assertThat(sent).hasSize(1).allMatch(sql -> sql.contains(MAY_LOWER));
			entityManager.clear();
			sent.clear();
			assertThat(entityManager.find(Node.class, x, LockModeType.PESSIMISTIC_WRITE).getTitle()).isEqualTo("x");
			// the load carries the bounds; the lock Hibernate sends after it for a JOINED hierarchy (its outer join cannot
			// be locked) goes as it is, pruned when the executor starts: its IDs are the rows the load found, which the
			// inspector cannot see (the guide says so)
			assertThat(sent).hasSize(2);
			assertThat(sent.get(0)).contains(MAY_LOWER).doesNotContain(" for ");
			assertThat(sent.get(1)).contains(" from node tbl where tbl.id in (?) for no key update").doesNotContain(MAY_LOWER);
			return node;
		});
	}

	/** Saves a node with an ID of the instant, whatever the IDs made before (the generator's own never go back). */
	private static String save(Instant at, Node node, BiConsumer<EntityManager, Node> links) {
		node.setId(nodes.getBean(TimeSortedIds.class).nextAt(Node.class, at));
		return inEntityManager(entityManager -> {
			links.accept(entityManager, node);
			entityManager.persist(node);
			return node.getId();
		});
	}

	private static <T> T inEntityManager(Function<EntityManager, T> work) {
		try (EntityManager entityManager = nodes.getBean(EntityManagerFactory.class).createEntityManager()) {
			entityManager.getTransaction().begin();
			try {
				T result = work.apply(entityManager);
				entityManager.getTransaction().commit();
				return result;
			}
			finally {
				if (entityManager.getTransaction().isActive()) {
					entityManager.getTransaction().rollback();
				}
			}
		}
	}

}
