package io.github.timesortedid.lease;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import javax.sql.DataSource;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdGenerationException;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.model.TimeSortedIdConfigurationException;
import io.github.timesortedid.testsupport.CuttableDataSource;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.SessionTimeZone;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A node changing hands, on H2, PostgreSQL and MariaDB: leases judged by the database's clock
 * whatever the instances' session time zones and clocks, and a new holder that never makes an ID
 * its node's earlier holder may have made.
 */
class NodeLeaseHandoverTests {

	private static final List<ZoneId> ZONES = List.of(ZoneId.of("UTC"), ZoneId.of("Europe/Berlin"),
			ZoneId.of("America/New_York"), ZoneId.of("Asia/Kolkata"));

	private static final Duration TTL = Duration.ofSeconds(3);

	private static LeaseOptions onlyNode5(Clock clock) {
		return new LeaseOptions("node_lease", TTL, Duration.ofMillis(500), 5, 5, clock);
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aLeaseHeldInOneSessionTimeZoneIsHeldInEveryOther(Database database) {
		DataSource dataSource = database.newDatabase();
		for (ZoneId holderZone : ZONES) {
			try (NodeLease holder = NodeLease.acquire(new SessionTimeZone(database, dataSource, holderZone),
					onlyNode5(Clock.systemUTC()))) {
				for (ZoneId otherZone : ZONES) {
					assertThatExceptionOfType(TimeSortedIdConfigurationException.class)
						.as("node 5 held from %s, claimed from %s", holderZone, otherZone)
						.isThrownBy(() -> NodeLease.acquire(new SessionTimeZone(database, dataSource, otherZone),
								onlyNode5(Clock.systemUTC())).close())
						.withMessageContaining("All 1 node IDs (5 to 5) are leased");
				}
				assertThat(holder.nodeId()).isEqualTo(5);
			}
		}
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aLeaseNobodyRenewsExpiresByDatabaseTimeWhateverTheInstancesClocksSay(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		CuttableDataSource holdersNetwork = new CuttableDataSource(new SessionTimeZone(database, dataSource, ZONES.get(2)));
		Clock aheadFiveMinutes = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(5));
		Clock behindFiveMinutes = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-5));
		DataSource contendersDatabase = new SessionTimeZone(database, dataSource, ZONES.get(3));
		long claimed = System.nanoTime();
		try (NodeLease holder = NodeLease.acquire(holdersNetwork, onlyNode5(aheadFiveMinutes))) {
			holdersNetwork.cut();
			NodeLease successor = null;
			while (successor == null) {
				try {
					successor = NodeLease.acquire(contendersDatabase, onlyNode5(behindFiveMinutes));
				}
				catch (TimeSortedIdConfigurationException stillLeased) {
					Thread.sleep(50);
				}
			}
			double takenOverAfter = (System.nanoTime() - claimed) / 1e9;
			successor.close();
			assertThat(takenOverAfter).as("seconds until the unrenewed lease was taken over")
				.isBetween(TTL.toMillis() / 1000.0 - 0.05, TTL.toMillis() / 1000.0 + 1.5);
			assertThat(holder.isValid()).isFalse();
		}
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aNewHolderMakesOnlyIdsAboveThoseOfTheNodesEarlierHolderAfterItClosed(Database database) {
		DataSource dataSource = database.newDatabase();
		Clock aheadFiveSeconds = Clock.offset(Clock.systemUTC(), Duration.ofSeconds(5));
		Generators earlier;
		try (NodeLease holder = NodeLease.acquire(dataSource, onlyNode5(aheadFiveSeconds))) {
			earlier = new Generators(holder, aheadFiveSeconds);
			earlier.make(20_000);
		}
		try (NodeLease next = NodeLease.acquire(dataSource, onlyNode5(Clock.systemUTC()))) {
			assertThat(next.nodeId()).isEqualTo(5);
			Generators later = new Generators(next, Clock.systemUTC());
			later.make(20_000);
			later.allAbove(earlier);
		}
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void aNewHolderMakesOnlyIdsAboveThoseOfAnEarlierHolderThatVanishedWithoutClosing(Database database)
			throws Exception {
		DataSource dataSource = database.newDatabase();
		Clock aheadFiveSeconds = Clock.offset(Clock.systemUTC(), Duration.ofSeconds(5));
		CuttableDataSource holdersNetwork = new CuttableDataSource(dataSource);
		NodeLease vanished = NodeLease.acquire(holdersNetwork, onlyNode5(aheadFiveSeconds));
		Generators earlier = new Generators(vanished, aheadFiveSeconds);
		earlier.make(5_000);
		// the network goes: no renewal, no release; it makes IDs for as long as it trusts its lease
		holdersNetwork.cut();
		Throwable stopped = null;
		while (stopped == null) {
			stopped = catchThrowable(() -> earlier.make(100));
		}
		assertThat(stopped).isInstanceOf(IdGenerationException.class).hasMessageContaining("The lease of node 5");
		NodeLease next = null;
		while (next == null) {
			try {
				next = NodeLease.acquire(dataSource, onlyNode5(Clock.systemUTC()));
			}
			catch (TimeSortedIdConfigurationException stillLeased) {
				Thread.sleep(50);
			}
		}
		try (NodeLease successor = next) {
			Generators later = new Generators(successor, Clock.systemUTC());
			later.make(20_000);
			later.allAbove(earlier);
		}
		finally {
			vanished.close();
		}
	}

	/** A snowflake and a couchdb-utc-id generator on one lease, and the highest and lowest IDs each made. */
	private static final class Generators {

		private final LongIdAlgorithm snowflake;

		private final IdAlgorithm couchdb;

		private final List<long[]> ranges = new ArrayList<>(List.of(new long[] { Long.MAX_VALUE, Long.MIN_VALUE },
				new long[] { Long.MAX_VALUE, Long.MIN_VALUE }));

		Generators(NodeLease lease, Clock clock) {
			AlgorithmOptions options = AlgorithmOptions.builder()
				.clock(clock)
				.snowflakeNodeId(lease.nodeId())
				.couchdbUtcIdSuffix(lease.suffix())
				.leaseGuard(lease)
				.build();
			this.snowflake = (LongIdAlgorithm) IdAlgorithms.create(IdAlgorithms.SNOWFLAKE, options);
			this.couchdb = IdAlgorithms.create(IdAlgorithms.COUCHDB_UTC_ID, options);
		}

		void make(int count) {
			for (int i = 0; i < count; i++) {
				record(0, this.snowflake::nextLong);
				record(1, () -> Long.parseLong(this.couchdb.nextBody().substring(0, 14), 16));
			}
		}

		private void record(int generator, LongSupplier next) {
			long value = next.getAsLong();
			long[] range = this.ranges.get(generator);
			range[0] = Math.min(range[0], value);
			range[1] = Math.max(range[1], value);
		}

		void allAbove(Generators earlier) {
			assertThat(this.ranges.get(0)[0]).as("lowest snowflake of the new holder vs highest of the earlier")
				.isGreaterThan(earlier.ranges.get(0)[1]);
			assertThat(this.ranges.get(1)[0]).as("lowest couchdb-utc-id microsecond of the new holder vs highest of the earlier")
				.isGreaterThan(earlier.ranges.get(1)[1]);
		}

	}

}
