package io.github.timesortedid.lease;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.workers.WorkerApplication;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Separate JVM processes, each a whole application instance ({@link WorkerApplication}), insert
 * into one embedded PostgreSQL at the same time, and no two of them ever make the same ID.
 * <ul>
 * <li>Eight processes, in eight JVM time zones (from America/Los_Angeles to Pacific/Auckland) and
 * with {@link Clock} beans spread over 1 s (-500 ms to +500 ms off the host's clock), insert 25,000 rows each with
 * {@code snowflake} (leased nodes), {@code couchdb-utc-id} (leased suffixes) and {@code uuidv7}: 0
 * collisions, every instance's IDs carry its own node and the eight nodes differ, and every node is
 * free again at once after the instances closed (their 10-minute leases were released, not left
 * to expire).</li>
 * <li>An instance is killed with {@code SIGKILL} while inserting. Its node stays unavailable until
 * the TTL has passed (a claim right after the kill is refused), then a new instance takes that very
 * node over and inserts: still 0 collisions, and every ID the new holder makes is greater than every
 * ID the dead one made or had generated, although the dead one's clock ran 30 s ahead and the new
 * one's does not. The victim runs at UTC-12 and the new holder at UTC+14, so lease expiry that
 * depended on a session time zone rather than the database's clock would show.</li>
 * </ul>
 */
class MultiInstanceTests {

	private static final int PROCESSES = 8;

	private static final int ROWS = 25_000;

	private static final String[] ZONES = { "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata",
			"America/Los_Angeles", "Asia/Tokyo", "Australia/Adelaide", "Pacific/Auckland" };

	private static final Duration TTL = Duration.ofSeconds(4);

	private static final Duration HEARTBEAT = Duration.ofSeconds(1);

	/**
	 * How far the victim's clock runs ahead: more than the TTL and a restart take, so that the
	 * successor's own clock reads below the victim's last ID and only the high-water mark keeps order.
	 */
	private static final long VICTIM_OFFSET_MILLIS = 30_000;

	private static final int VICTIM_ROWS_BEFORE_KILL = 5_000;

	private static final Pattern STARTED = Pattern
		.compile("worker: started number=(\\d+) node=(\\d+) suffix=(\\S+) zone=(\\S+) offset=(-?\\d+)");

	private static final Pattern INSERTED = Pattern.compile("worker: inserted=(\\d+) node=(\\d+)");

	private static final Pattern GENERATED = Pattern.compile("worker: generated=\\d+ last=(\\S+)");

	private static final Pattern COMMITTED = Pattern.compile("worker: committed=(\\d+)");

	@ParameterizedTest
	@ValueSource(strings = { "snowflake", "couchdb-utc-id", "uuidv7" })
	void eightProcessesInManyTimeZonesWithSkewedClocksInsertWithoutACollision(String algorithm) throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = createTables(dataSource);
		String url = url(dataSource);
		Map<Integer, Long> offsets = new HashMap<>();
		List<Worker> workers = new ArrayList<>();
		try {
			for (int i = 0; i < PROCESSES; i++) {
				long offset = -500 + Math.round(i * 1000.0 / (PROCESSES - 1));
				offsets.put(i, offset);
				// leases far longer than the run: only a release on close frees a node before the check below
				workers.add(Worker.start(url, algorithm, ROWS, i, ZONES[i], offset,
						"--time-sorted-id.node-lease.ttl=10m", "--time-sorted-id.node-lease.heartbeat=1m"));
			}
			long inserted = 0;
			Map<Integer, Integer> nodes = new HashMap<>();
			Set<String> zones = new HashSet<>();
			for (Worker worker : workers) {
				String log = worker.awaitSuccess();
				Matcher started = worker.started();
				assertThat(started.group(4)).as("time zone of worker " + worker.number).isEqualTo(ZONES[worker.number]);
				assertThat(Long.parseLong(started.group(5))).as("clock offset of worker " + worker.number)
					.isBetween(offsets.get(worker.number) - 20, offsets.get(worker.number) + 20);
				zones.add(started.group(4));
				Matcher report = INSERTED.matcher(log);
				assertThat(report.find()).as(log).isTrue();
				inserted += Long.parseLong(report.group(1));
				nodes.put(worker.number, Integer.parseInt(report.group(2)));
			}
			String table = table(algorithm);
			long rows = jdbc.queryForObject("SELECT count(*) FROM " + table, Long.class);
			long distinct = jdbc.queryForObject("SELECT count(DISTINCT id) FROM " + table, Long.class);
			long collisions = inserted - distinct;
			System.out.printf("multi-instance: processes=%d rows=%d collisions=%d algorithm=%s%n", workers.size(), rows,
					collisions, algorithm);
			long expected = (long) PROCESSES * ROWS;
			assertThat(inserted).isEqualTo(expected);
			assertThat(rows).isEqualTo(expected);
			assertThat(collisions).isZero();
			assertThat(zones).hasSize(PROCESSES);
			if (!algorithm.equals("uuidv7")) {
				assertThat(nodesInIds(jdbc, algorithm)).as("node in the IDs of each worker: the one it leased")
					.isEqualTo(nodes);
				assertThat(new HashSet<>(nodes.values())).as("each instance leased its own node").hasSize(PROCESSES);
			}
			// every worker released its node when its context closed: each is free now, long before its TTL
			for (int node : nodes.values()) {
				try (NodeLease lease = NodeLease.acquire(dataSource, pinned(node))) {
					assertThat(lease.nodeId()).isEqualTo(node);
				}
			}
		}
		finally {
			workers.forEach(Worker::destroy);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "snowflake", "couchdb-utc-id" })
	void aKilledInstancesNodePassesAfterTheTtlToANewInstanceThatMakesHigherIds(String algorithm) throws Exception {
		DataSource dataSource = Database.POSTGRESQL.newDatabase();
		JdbcTemplate jdbc = createTables(dataSource);
		String url = url(dataSource);
		String[] lease = { "--time-sorted-id.node-lease.ttl=" + TTL.toMillis() + "ms",
				"--time-sorted-id.node-lease.heartbeat=" + HEARTBEAT.toMillis() + "ms" };
		List<Worker> workers = new ArrayList<>();
		try {
			// the victim inserts until it is killed
			Worker victim = Worker.start(url, algorithm, Integer.MAX_VALUE, 0, "Etc/GMT+12", VICTIM_OFFSET_MILLIS,
					lease);
			workers.add(victim);
			workers.add(Worker.start(url, algorithm, 20_000, 1, "Asia/Kolkata", -500, lease));
			workers.add(Worker.start(url, algorithm, 20_000, 2, "America/New_York", 500, lease));
			victim.awaitCommitted(VICTIM_ROWS_BEFORE_KILL);
			victim.process.destroyForcibly();
			assertThat(victim.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
			long killedAt = System.nanoTime();
			Instant killedAtWall = Instant.now();
			// SIGKILL: the JVM ran no shutdown hook and released nothing; its exit status is 128 + 9
			assertThat(victim.process.exitValue()).isEqualTo(137);
			assertThat(victim.log()).doesNotContain("worker: inserted=");
			int node = Integer.parseInt(victim.started().group(2));

			// the dead instance's lease still runs: its node cannot be claimed yet
			assertThatExceptionOfType(TimeSortedIdConfigurationException.class)
				.isThrownBy(() -> NodeLease.acquire(dataSource, pinned(node)).close());
			assertThat(Duration.ofNanos(System.nanoTime() - killedAt))
				.as("the early claim was tried while the victim's lease could still be live")
				.isLessThan(TTL.minus(HEARTBEAT));

			long resumeAt = killedAt + TTL.plusMillis(500).toNanos();
			while (System.nanoTime() - resumeAt < 0) {
				Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(resumeAt - System.nanoTime())));
			}
			Duration waited = Duration.ofNanos(System.nanoTime() - killedAt);
			Worker replacement = Worker.start(url, algorithm, 5_000, 3, "Pacific/Kiritimati", 0, lease[0], lease[1],
					"--time-sorted-id.node-lease.min-node=" + node, "--time-sorted-id.node-lease.max-node=" + node);
			workers.add(replacement);
			long inserted = 0;
			for (Worker worker : workers.subList(1, workers.size())) {
				Matcher report = INSERTED.matcher(worker.awaitSuccess());
				assertThat(report.find()).isTrue();
				inserted += Long.parseLong(report.group(1));
			}
			assertThat(Integer.parseInt(replacement.started().group(2))).as("node of the replacement").isEqualTo(node);
			assertThat(waited).as("time from the kill to the replacement's start").isGreaterThanOrEqualTo(TTL);

			String table = table(algorithm);
			long victimRows = jdbc.queryForObject("SELECT count(*) FROM " + table + " WHERE worker = 0", Long.class);
			long rows = jdbc.queryForObject("SELECT count(*) FROM " + table, Long.class);
			long distinct = jdbc.queryForObject("SELECT count(DISTINCT id) FROM " + table, Long.class);
			long collisions = inserted + victimRows - distinct;
			Comparator<String> order = algorithm.equals("snowflake") ? Comparator.comparingLong(Long::parseLong)
					: Comparator.naturalOrder();
			// the victim's last ID: the highest it committed, or generated for the batch the kill cut off
			String victimLast = jdbc.queryForObject("SELECT max(id)::text FROM " + table + " WHERE worker = 0",
					String.class);
			Matcher generated = GENERATED.matcher(victim.log());
			while (generated.find()) {
				victimLast = (order.compare(generated.group(1), victimLast) > 0) ? generated.group(1) : victimLast;
			}
			String replacementFirst = jdbc.queryForObject("SELECT min(id)::text FROM " + table + " WHERE worker = 3",
					String.class);
			System.out.printf(
					"multi-instance takeover: algorithm=%s node=%d victim_last=%s replacement_first=%s collisions=%d "
							+ "(victim clock +%d ms, killed after %d rows, replacement started %d ms after the kill, "
							+ "victim_last at %s, replacement_first at %s)%n",
					algorithm, node, victimLast, replacementFirst, collisions, VICTIM_OFFSET_MILLIS, victimRows,
					waited.toMillis(), instantOf(algorithm, victimLast), instantOf(algorithm, replacementFirst));
			assertThat(victimRows).isGreaterThanOrEqualTo(VICTIM_ROWS_BEFORE_KILL);
			assertThat(rows).isEqualTo(inserted + victimRows);
			assertThat(collisions).isZero();
			assertThat(Duration.between(killedAtWall, instantOf(algorithm, victimLast)))
				.as("the victim's IDs ran ahead by its clock offset, beyond the time its successor started")
				.isGreaterThan(Duration.ofMillis(VICTIM_OFFSET_MILLIS / 2));
			assertThat(nodesInIds(jdbc, algorithm)).containsEntry(0, node).containsEntry(3, node);
			assertThat(order.compare(replacementFirst, victimLast))
				.as("every ID of the new holder of node %d (first %s at %s) is above the dead holder's last (%s at %s)",
						node, replacementFirst, instantOf(algorithm, replacementFirst), victimLast,
						instantOf(algorithm, victimLast))
				.isPositive();
		}
		finally {
			workers.forEach(Worker::destroy);
		}
	}

	private static JdbcTemplate createTables(DataSource dataSource) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE snowflake_entry (id bigint PRIMARY KEY, "
				+ "worker integer NOT NULL, seq integer NOT NULL)");
		jdbc.execute("CREATE TABLE couchdb_utc_id_entry (id varchar(32) COLLATE \"C\" PRIMARY KEY, "
				+ "worker integer NOT NULL, seq integer NOT NULL)");
		jdbc.execute("CREATE TABLE uuidv7_entry (id varchar(30) COLLATE \"C\" PRIMARY KEY, "
				+ "worker integer NOT NULL, seq integer NOT NULL)");
		return jdbc;
	}

	private static String url(DataSource dataSource) throws Exception {
		try (Connection connection = dataSource.getConnection()) {
			return connection.getMetaData().getURL();
		}
	}

	private static String table(String algorithm) {
		return algorithm.replace('-', '_') + "_entry";
	}

	/** Options that lease exactly the given node. */
	private static LeaseOptions pinned(int node) {
		return new LeaseOptions(NodeLease.DEFAULT_TABLE, TTL, HEARTBEAT, node, node, Clock.systemUTC());
	}

	/**
	 * Reads the node out of every ID: bits 12 to 21 of a {@code snowflake}, the three hex digits of
	 * a {@code couchdb-utc-id} suffix.
	 * @return the node per worker number; fails if a worker's IDs carry more than one
	 */
	private static Map<Integer, Integer> nodesInIds(JdbcTemplate jdbc, String algorithm) {
		String node = algorithm.equals("snowflake") ? "((id >> 12) & 1023)::text" : "right(id, 4)";
		Map<Integer, Integer> nodes = new HashMap<>();
		jdbc.query("SELECT DISTINCT worker, " + node + " FROM " + table(algorithm), (row) -> {
			String value = row.getString(2);
			int parsed = algorithm.equals("snowflake") ? Integer.parseInt(value) : suffixNode(value);
			Integer previous = nodes.put(row.getInt(1), parsed);
			assertThat(previous).as("IDs of worker " + row.getInt(1) + " carry nodes " + previous + " and " + parsed)
				.isNull();
		});
		return nodes;
	}

	private static int suffixNode(String suffix) {
		assertThat(suffix).matches("@[0-9a-f]{3}");
		return Integer.parseInt(suffix.substring(1), 16);
	}

	private static Instant instantOf(String algorithm, String id) {
		if (algorithm.equals("snowflake")) {
			return Instant.ofEpochMilli((Long.parseLong(id) >>> 22) + 1288834974657L);
		}
		long micros = Long.parseLong(id.substring(0, 14), 16);
		return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1000);
	}

	/** A worker JVM and its output. */
	private static final class Worker {

		private final int number;

		private final Process process;

		private final Path output;

		private Worker(int number, Process process, Path output) {
			this.number = number;
			this.process = process;
			this.output = output;
		}

		static Worker start(String url, String algorithm, int rows, int number, String zone, long clockOffsetMillis,
				String... arguments) throws IOException {
			Path output = Files.createTempFile("worker-" + algorithm + "-" + number + "-", ".log");
			// a failed assertion carries the output it needs
			output.toFile().deleteOnExit();
			List<String> command = new ArrayList<>(List.of(javaExecutable(), "-Xmx256m", "-XX:TieredStopAtLevel=1",
					"-XX:+UseSerialGC", "-Xshare:auto", "-Duser.timezone=" + zone, "-cp",
					System.getProperty("java.class.path"), WorkerApplication.class.getName(),
					"--spring.datasource.url=" + url, "--worker.algorithm=" + algorithm, "--worker.rows=" + rows,
					"--worker.number=" + number, "--worker.clock-offset-millis=" + clockOffsetMillis));
			command.addAll(List.of(arguments));
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
			return new Worker(number, process, output);
		}

		String log() throws IOException {
			return Files.readString(this.output);
		}

		String awaitSuccess() throws Exception {
			assertThat(this.process.waitFor(5, TimeUnit.MINUTES)).as("worker " + this.number + " finished").isTrue();
			String log = log();
			assertThat(this.process.exitValue()).as("worker " + this.number + " exit code; its output:\n" + log)
				.isZero();
			return log;
		}

		Matcher started() throws IOException {
			String log = log();
			Matcher started = STARTED.matcher(log);
			assertThat(started.find()).as("worker " + this.number + " started; its output:\n" + log).isTrue();
			return started;
		}

		void awaitCommitted(int rows) throws Exception {
			long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
			while (true) {
				String log = log();
				Matcher committed = COMMITTED.matcher(log);
				int count = 0;
				while (committed.find()) {
					count = Integer.parseInt(committed.group(1));
				}
				if (count >= rows) {
					return;
				}
				assertThat(this.process.isAlive()).as("worker " + this.number + " is running; its output:\n" + log)
					.isTrue();
				assertThat(System.nanoTime() - deadline)
					.as("worker " + this.number + " committed " + rows + " rows in time")
					.isNegative();
				Thread.sleep(50);
			}
		}

		void destroy() {
			if (this.process.isAlive()) {
				this.process.destroyForcibly();
			}
		}

	}

	private static String javaExecutable() {
		return System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
	}

}
