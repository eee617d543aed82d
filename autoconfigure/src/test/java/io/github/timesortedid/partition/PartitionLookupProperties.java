package io.github.timesortedid.partition;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.autoconfigure.fixtures.nodes.Article;
import io.github.timesortedid.autoconfigure.fixtures.nodes.Node;
import io.github.timesortedid.autoconfigure.fixtures.nodes.NodesApplication;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SettableClock;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.hibernate.Hibernate;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random sequences of loads and queries on the graph of nodes, run on the same rows in a table
 * partitioned by month (whose loads by ID carry their interval's bounds) and in a whole table: the
 * same entities come back. The sequences mix {@code find} of nodes and of {@code JOINED} articles,
 * references initialized in batches, eager and lazy associations, lazy collections fetched in
 * batches, queries by ID and by several IDs, pessimistic locks, {@code refresh}, {@code merge} of a
 * detached node, a reference to a missing row, and clearing the session; every loaded node runs a
 * callback that queries its peer. The rows include IDs of months with partitions, rows in the
 * default partition (before the first month and long after the last), and IDs that get no bounds
 * (legacy IDs, another prefix).
 */
class PartitionLookupProperties {

	private static final Instant MAY = Instant.parse("2026-05-04T09:00:00Z");

	private static final int NODES = 32;

	private static final List<String> ids = new ArrayList<>();

	private static final List<HikariDataSource> pools = new ArrayList<>();

	private static final AtomicLong statements = new AtomicLong();

	private static final AtomicLong bounded = new AtomicLong();

	private static ConfigurableApplicationContext partitioned;

	private static ConfigurableApplicationContext whole;

	@BeforeContainer
	static void start() {
		Random random = new Random(36);
		List<Instant> months = List.of(Instant.parse("2026-03-15T00:00:00Z"), Instant.parse("2026-05-04T10:00:00Z"),
				Instant.parse("2026-05-31T23:59:59.999Z"), Instant.parse("2026-06-01T00:00:00Z"),
				Instant.parse("2026-07-20T00:00:00Z"), Instant.parse("2026-08-10T00:00:00Z"),
				Instant.parse("2026-09-30T12:00:00Z"), Instant.parse("2027-02-01T00:00:00Z"));
		IdFormat nodes = IdFormat.of("node", "_", IdAlgorithms.create(IdAlgorithms.UUIDV7, AlgorithmOptions.defaults()));
		for (int i = 0; i < NODES - 4; i++) {
			ids.add(nodes.nextAt(months.get(random.nextInt(months.size()))));
		}
		ids.addAll(List.of("legacy-1", "legacy-3", "nod_01kqgdbj00e008000000000000", ids.get(0).toUpperCase()));
		List<Object[]> rows = new ArrayList<>();
		for (int i = 0; i < NODES; i++) {
			rows.add(new Object[] { ids.get(i), "t" + i, link(random), link(random),
					random.nextInt(4) == 0 ? "node_01kqgdbj00e00800000000zz" : link(random), random.nextBoolean(),
					random.nextInt(3) });
		}
		partitioned = start(rows, Map.of("time-sorted-id.partitions.Node.interval", "month"));
		whole = start(rows, Map.of());
	}

	private static String link(Random random) {
		return random.nextInt(3) == 0 ? null : ids.get(random.nextInt(ids.size()));
	}

	private static ConfigurableApplicationContext start(List<Object[]> rows, Map<String, Object> properties) {
		DataSource raw = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = new JdbcTemplate(raw);
		// the test server ends sessions idle in a transaction for a second; a cold JVM's first queries can take that long
		jdbc.execute("alter database " + jdbc.queryForObject("select current_database()", String.class)
				+ " set idle_in_transaction_session_timeout = 0");
		HikariDataSource pool = new HikariDataSource();
		pool.setDataSource(raw);
		pool.setMaximumPoolSize(4);
		pools.add(pool);
		boolean counted = !properties.isEmpty();
		DataSource recorded = ProxyDataSourceBuilder.create(pool).afterQuery((execution, queries) -> queries.forEach(query -> {
			if (counted) {
				statements.incrementAndGet();
				if (query.getQuery().contains(".id>='node_")) {
					bounded.incrementAndGet();
				}
			}
		})).build();
		ConfigurableApplicationContext context = new SpringApplicationBuilder(NodesApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(initialized -> {
				initialized.getBeanFactory().registerSingleton("dataSource", recorded);
				initialized.getBeanFactory().registerSingleton("clock", new SettableClock(MAY));
			})
			.properties(Map.of("spring.jpa.hibernate.ddl-auto", "create",
					"spring.jpa.properties.hibernate.default_batch_fetch_size", "4"))
			.properties(properties)
			.run();
		for (Object[] row : rows) {
			jdbc.update("insert into node (id, title) values (?, ?)", row[0], row[1]);
			if ((boolean) row[5]) {
				jdbc.update("insert into article (id, body) values (?, ?)", row[0], "body of " + row[1]);
			}
			for (int tag = 0; tag < (int) row[6]; tag++) {
				jdbc.update("insert into node_tag (node_id, tags) values (?, ?)", row[0], "tag" + tag);
			}
		}
		for (Object[] row : rows) {
			jdbc.update("update node set related_id = ?, parent_id = ?, peer = ? where id = ?", row[2], row[3], row[4], row[0]);
		}
		return context;
	}

	@AfterContainer
	static void stop() {
		System.out.println("partition lookups: statements=" + statements + " with_bounds=" + bounded);
		partitioned.close();
		whole.close();
		pools.forEach(HikariDataSource::close);
	}

	@Property(tries = 150)
	void theSameEntitiesComeBackWithAndWithoutPartitions(@ForAll("sessions") List<List<Op>> sessions) {
		List<String> expected = run(whole, sessions);
		List<String> actual = run(partitioned, sessions);
		assertThat(actual).isEqualTo(expected);
	}

	@Provide
	Arbitrary<List<List<Op>>> sessions() {
		Arbitrary<Integer> node = Arbitraries.integers().between(0, NODES - 1);
		Arbitrary<Op> op = Arbitraries.oneOf(
				node.map(i -> (Op) new Op("find", List.of(i))),
				node.map(i -> (Op) new Op("findArticle", List.of(i))),
				node.list().ofMinSize(1).ofMaxSize(12).map(list -> (Op) new Op("references", list)),
				node.map(i -> (Op) new Op("query", List.of(i))),
				node.list().ofMinSize(1).ofMaxSize(6).map(list -> (Op) new Op("queryIn", list)),
				node.map(i -> (Op) new Op("lock", List.of(i))),
				node.map(i -> (Op) new Op("refresh", List.of(i))),
				node.map(i -> (Op) new Op("merge", List.of(i))),
				node.map(i -> (Op) new Op("parent", List.of(i))),
				node.list().ofMinSize(1).ofMaxSize(6).map(list -> (Op) new Op("tags", list)),
				Arbitraries.just(new Op("missing", List.of())),
				Arbitraries.just(new Op("clear", List.of())));
		return op.list().ofMinSize(1).ofMaxSize(10).list().ofMinSize(1).ofMaxSize(3);
	}

	private static List<String> run(ConfigurableApplicationContext context, List<List<Op>> sessions) {
		EntityManagerFactory factory = context.getBean(EntityManagerFactory.class);
		List<String> seen = new ArrayList<>();
		for (List<Op> session : sessions) {
			try (EntityManager entityManager = factory.createEntityManager()) {
				entityManager.getTransaction().begin();
				try {
					for (Op op : session) {
						seen.add(op + " -> " + op.run(entityManager, factory));
					}
				}
				finally {
					entityManager.getTransaction().rollback();
				}
			}
		}
		return seen;
	}

	/** One step of a session, on nodes named by their place in {@link #ids}. */
	record Op(String kind, List<Integer> nodes) {

		String run(EntityManager entityManager, EntityManagerFactory factory) {
			List<String> of = this.nodes.stream().map(ids::get).toList();
			return switch (this.kind) {
				case "find" -> describe(entityManager.find(Node.class, of.get(0)));
				case "findArticle" -> describe(entityManager.find(Article.class, of.get(0)));
				case "references" -> {
					List<Node> references = of.stream().map(id -> entityManager.getReference(Node.class, id)).toList();
					// initialize from the last: batches hold the others
					List<String> described = new ArrayList<>();
					for (int i = references.size() - 1; i >= 0; i--) {
						described.add(orMissing(references.get(i), Op::describe));
					}
					yield described.toString();
				}
				case "query" -> entityManager.createQuery("select n from Node n where n.id = :id", Node.class)
					.setParameter("id", of.get(0))
					.getResultList()
					.stream()
					.map(Op::describe)
					.toList()
					.toString();
				case "queryIn" -> entityManager.createQuery("select n from Node n where n.id in :ids order by n.id", Node.class)
					.setParameter("ids", of)
					.getResultList()
					.stream()
					.map(Op::describe)
					.toList()
					.toString();
				case "lock" -> describe(entityManager.find(Node.class, of.get(0), LockModeType.PESSIMISTIC_WRITE));
				case "refresh" -> {
					Node node = entityManager.find(Node.class, of.get(0));
					if (node != null) {
						entityManager.refresh(node);
					}
					yield describe(node);
				}
				case "merge" -> {
					Node detached;
					try (EntityManager other = factory.createEntityManager()) {
						detached = other.find(Node.class, of.get(0));
					}
					yield (detached != null) ? describe(entityManager.merge(detached)) : "null";
				}
				case "parent" -> {
					Node node = entityManager.find(Node.class, of.get(0));
					yield (node != null) ? orMissing(node.getParent(), Op::describe) : "null";
				}
				case "tags" -> {
					List<Node> found = of.stream().map(id -> entityManager.find(Node.class, id)).toList();
					List<String> tags = new ArrayList<>();
					for (int i = found.size() - 1; i >= 0; i--) {
						tags.add((found.get(i) != null) ? new TreeSet<>(found.get(i).getTags()).toString() : "null");
					}
					yield tags.toString();
				}
				case "missing" -> orMissing(entityManager.getReference(Node.class, "node_01kqgdbj00e00800000000zz"), Op::describe);
				case "clear" -> {
					entityManager.clear();
					yield "";
				}
				default -> throw new IllegalArgumentException(this.kind);
			};
		}

		private static String orMissing(Node node, Function<Node, String> description) {
			if (node == null) {
				return "null";
			}
			try {
				return description.apply(node);
			}
			catch (PersistenceException ex) {
				return ex.getClass().getSimpleName();
			}
		}

		private static String describe(Node node) {
			if (node == null) {
				return "null";
			}
			Node related = node.getRelated();
			return node.getId() + " " + Hibernate.getClass(node).getSimpleName() + " " + node.getTitle()
					+ ((node instanceof Article article) ? " " + article.getBody() : "") + " peer=" + node.getPeerTitle()
					+ " related=" + ((related != null) ? related.getId() + " " + related.getTitle() : "null");
		}

		@Override
		public String toString() {
			return this.kind + this.nodes;
		}

	}

}
