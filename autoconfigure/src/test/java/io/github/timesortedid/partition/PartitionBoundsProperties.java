package io.github.timesortedid.partition;

import java.sql.Connection;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import io.github.timesortedid.TypedIds;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MatrixApplication;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.RandomSource;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.Database;
import jakarta.persistence.EntityManagerFactory;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code IdField.partitionBound} parts IDs by the time they were made, in each column's own order,
 * with the database doing the comparison: for every time-ordered algorithm (and the text forms of
 * {@code uuidv7}, {@code snowflake} and {@code kuuid}), as {@code String}, typed ID, {@code Long}
 * and {@code UUID}, stored as text and as binary, on H2, PostgreSQL and MariaDB. Each try takes a
 * start and an end on whole units of the algorithm's precision, makes IDs just before, at and just
 * after each (with the random bits all zero, all one, and random; {@code couchdb-utc-id} also with
 * other instances' suffixes), stores them as the column holds them, and asks the database which
 * rows lie in {@code [bound(start), bound(end))}: exactly those made in {@code [start, end)}.
 */
class PartitionBoundsProperties {

	/** One application per database, storage and set of algorithm options. */
	private static final Map<String, ConfigurableApplicationContext> contexts = new HashMap<>();

	private static final RandomSource ZEROS = () -> 0L;

	private static final RandomSource ONES = () -> -1L;

	private static final List<String> ALL_TEXT = List.of("MxUuidv7", "MxUlid", "MxKuuid", "MxKsuid", "MxHexUlid",
			"MxCouchUtcRandom", "MxCouchUtcId", "MxSnowflakeText", "MxObjectId", "MxTyped", "MxSnowflakeLong",
			"MxUuidv7Uuid", "MxUlidUuid");

	/** The options of each application, and the entities whose algorithm they change. */
	private static final List<Target> TARGETS = List.of(
			new Target("text", Map.of(), ALL_TEXT),
			new Target("text", Map.of("uuidv7.encoding", "base62", "snowflake.encoding", "base62", "kuuid.millisecond", "true"),
					List.of("MxUuidv7", "MxTyped", "MxSnowflakeText", "MxKuuid")),
			new Target("text", Map.of("uuidv7.encoding", "hex", "snowflake.encoding", "base32"),
					List.of("MxUuidv7", "MxSnowflakeText")),
			new Target("text", Map.of("uuidv7.encoding", "base36"), List.of("MxUuidv7")),
			new Target("text", Map.of("uuidv7.encoding", "canonical"), List.of("MxUuidv7")),
			new Target("binary", Map.of(), List.of("MxUuidv7", "MxUlid", "MxKuuid", "MxKsuid", "MxHexUlid",
					"MxCouchUtcRandom", "MxObjectId", "MxTyped")),
			new Target("binary", Map.of("kuuid.millisecond", "true"), List.of("MxKuuid")));

	/** Suffixes of other instances, as long as the configured one, so that the column holds them. */
	private static final List<String> SUFFIXES = List.of("@a", "!!", "@z", "~~", "@0");

	@AfterContainer
	static void stop() {
		contexts.values().forEach(ConfigurableApplicationContext::close);
		contexts.clear();
	}

	@Property(tries = 40)
	void onH2(@ForAll("targets") Target target, @ForAll("cuts") Cut cut) {
		check(Database.H2, target, cut);
	}

	@Property(tries = 40)
	void onPostgresql(@ForAll("targets") Target target, @ForAll("cuts") Cut cut) {
		check(Database.POSTGRESQL, target, cut);
	}

	@Property(tries = 40)
	void onMariadb(@ForAll("targets") Target target, @ForAll("cuts") Cut cut) {
		check(Database.MARIADB, target, cut);
	}

	@Provide
	Arbitrary<Target> targets() {
		return Arbitraries.of(TARGETS);
	}

	/**
	 * Where in an algorithm's range the start falls (its very first instant and its last among the
	 * edge cases), how many units later the end comes, and where inside an ID is made.
	 */
	@Provide
	Arbitrary<Cut> cuts() {
		return Combinators.combine(Arbitraries.doubles().between(0, 1).withSpecialValue(0.0).withSpecialValue(1.0),
				Arbitraries.oneOf(Arbitraries.of(1L, 2L), Arbitraries.longs().between(1, 10_000_000)),
				Arbitraries.doubles().between(0, 1))
			.as(Cut::new);
	}

	private static void check(Database database, Target target, Cut cut) {
		ConfigurableApplicationContext context = context(database, target);
		TimeSortedIdRegistry registry = context.getBean(TimeSortedIdRegistry.class);
		SessionFactoryImplementor sessions = context.getBean(EntityManagerFactory.class).unwrap(SessionFactoryImplementor.class);
		JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
		for (String entity : entities(database, target)) {
			IdField field = registry.field(entity, "id").orElseThrow();
			TimeOrderedIdAlgorithm algorithm = field.timeOrdered();
			ChronoUnit unit = algorithm.precision();
			// the algorithm's range, kept below the year 2200 so that an end a few million units on still fits
			Instant min = algorithm.minInstant().truncatedTo(unit).plus(1, unit);
			Instant max = algorithm.maxInstant().isAfter(Instant.parse("2200-01-01T00:00:00Z"))
					? Instant.parse("2200-01-01T00:00:00Z") : algorithm.maxInstant();
			long span = unit.between(min, max) - cut.units() - 2;
			Instant start = min.plus((long) (cut.start() * Math.max(span, 0)), unit);
			Instant end = start.plus(cut.units(), unit);
			BasicValuedModelPart id = (BasicValuedModelPart) sessions.getMappingMetamodel()
				.findEntityDescriptor(MatrixApplication.class.getPackageName() + "." + entity).getIdentifierMapping();
			String table = id.getContainingTableExpression();
			String column = id.getSelectionExpression();
			boolean uuidColumn = jdbc.execute((Connection connection) -> {
				// H2 keeps unquoted names in upper case
				for (String[] names : List.of(new String[] { table, column }, new String[] { table.toUpperCase(), column.toUpperCase() })) {
					try (var columns = connection.getMetaData().getColumns(connection.getCatalog(), null, names[0], names[1])) {
						if (columns.next()) {
							return columns.getString("TYPE_NAME").toLowerCase().contains("uuid");
						}
					}
				}
				throw new IllegalStateException("no column " + table + "." + column);
			});
			jdbc.update("DELETE FROM " + table);
			Map<Integer, Instant> made = new LinkedHashMap<>();
			List<Object[]> rows = new ArrayList<>();
			Set<String> distinct = new java.util.HashSet<>();
			Instant inside = start.plus((long) (cut.inside() * cut.units()), unit);
			for (Instant at : new TreeSet<>(List.of(start.minus(1, unit), start, start.plus(1, unit), inside,
					end.minus(1, unit), end, end.plus(1, unit)))) {
				for (Object value : madeAt(field, registry, at)) {
					Object stored = stored(field, value, uuidColumn);
					// algorithms without random bits make one ID per instant, whatever the random source
					if (distinct.add((stored instanceof byte[] bytes) ? java.util.HexFormat.of().formatHex(bytes) : stored.toString())) {
						made.put(rows.size(), at);
						rows.add(new Object[] { stored, rows.size(), entity + " made at " + at });
					}
				}
			}
			jdbc.batchUpdate("INSERT INTO " + table + " (" + column + ", seq, payload) VALUES (?, ?, ?)", rows);
			Set<Integer> expected = new TreeSet<>();
			made.forEach((seq, at) -> {
				if (!at.isBefore(start) && at.isBefore(end)) {
					expected.add(seq);
				}
			});
			List<Integer> inRange = jdbc.queryForList("SELECT seq FROM " + table + " WHERE " + column + " >= ? AND "
					+ column + " < ? ORDER BY seq", Integer.class, bound(field, start, uuidColumn), bound(field, end, uuidColumn));
			assertThat(new TreeSet<>(inRange)).as("%s on %s: IDs in [bound(%s), bound(%s)), %s storage %s", entity,
					database.label(), start, end, target.storage(), target.options())
				.isEqualTo(expected);
		}
	}

	/** IDs of an attribute made at an instant by fresh generators: random bits all zero, all one, random; other suffixes. */
	private static List<Object> madeAt(IdField field, TimeSortedIdRegistry registry, Instant at) {
		TimeOrderedIdAlgorithm configured = field.timeOrdered();
		if (at.isBefore(configured.minInstant()) || at.isAfter(configured.maxInstant())) {
			return List.of();
		}
		AlgorithmOptions options = registry.settings().options();
		List<AlgorithmOptions> makers = new ArrayList<>();
		for (RandomSource random : List.of(ZEROS, ONES, options.randomSource())) {
			makers.add(options.toBuilder().clock(Clock.fixed(at, ZoneOffset.UTC)).randomSource(random).build());
		}
		if (configured.name().equals(IdAlgorithms.COUCHDB_UTC_ID)) {
			SUFFIXES.forEach(suffix -> makers.add(options.toBuilder().clock(Clock.fixed(at, ZoneOffset.UTC))
				.couchdbUtcIdSuffix(suffix).build()));
		}
		List<Object> values = new ArrayList<>();
		for (AlgorithmOptions maker : makers) {
			IdAlgorithm algorithm = IdAlgorithms.create(configured.name(), maker);
			values.add(switch (field.valueType()) {
				case LONG -> ((LongIdAlgorithm) algorithm).nextLong();
				case UUID -> ((UuidIdAlgorithm) algorithm).nextUuid();
				default -> IdFormat.of(field.format().prefix(), field.format().separator(), algorithm).next();
			});
		}
		return values;
	}

	/** A value as its column holds it: text, the body's bytes (a UUID in a uuid column), a long, a UUID. */
	private static Object stored(IdField field, Object value, boolean uuidColumn) {
		if (field.binary() == null) {
			return (value instanceof String text && field.javaType() != String.class)
					? TypedIds.text(field.fromText(text)) : value;
		}
		return uuidColumn ? field.binary().toUuid((String) value) : field.binary().toBytes((String) value);
	}

	/** The bound as a parameter of the column: a UUID for the bytes a uuid column holds. */
	private static Object bound(IdField field, Instant instant, boolean uuidColumn) {
		Object bound = field.partitionBound(instant);
		if (bound instanceof byte[] bytes && uuidColumn) {
			return new java.util.UUID(java.nio.ByteBuffer.wrap(bytes).getLong(0), java.nio.ByteBuffer.wrap(bytes).getLong(8));
		}
		return bound;
	}

	private static synchronized ConfigurableApplicationContext context(Database database, Target target) {
		return contexts.computeIfAbsent(database + " " + target, key -> {
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("spring.jpa.hibernate.ddl-auto", "create");
			properties.put("test.entities", String.join(",", entities(database, target).stream()
				.map(name -> MatrixApplication.class.getPackageName() + "." + name).toList()));
			properties.put("time-sorted-id.storage", target.storage());
			properties.put("time-sorted-id.couchdb-utc-id.suffix", "@m");
			properties.put("time-sorted-id.snowflake.node-id", "7");
			target.options().forEach((name, value) -> properties.put("time-sorted-id." + name, value));
			DataSource dataSource = database.newDatabase();
			return new SpringApplicationBuilder(MatrixApplication.class).web(WebApplicationType.NONE)
				.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
				.properties(properties)
				.run();
		});
	}

	/** MariaDB's uuid type refuses ulid values (the schema shaping stops startup for it): the others everywhere. */
	private static List<String> entities(Database database, Target target) {
		return target.entities().stream().filter(name -> database != Database.MARIADB || !name.equals("MxUlidUuid")).toList();
	}

	record Target(String storage, Map<String, String> options, List<String> entities) {

		@Override
		public String toString() {
			return this.storage + " " + this.options;
		}

	}

	record Cut(double start, long units, double inside) {
	}

}
