package io.github.timesortedid.actuate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.lease.NodeLease;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.MappedColumns;
import io.github.timesortedid.model.MappedColumns.MappedColumn;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.partition.PartitionMaintainer.LastFailure;
import io.github.timesortedid.partitioning.PartitionDdl;
import io.github.timesortedid.partitioning.PartitionMaintenance;
import io.github.timesortedid.partitioning.PartitionedTable;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The {@code timesortedid} Actuator endpoint: {@code GET /actuator/timesortedid} lists every
 * {@code @TimeSortedId} attribute of JPA entities and Spring Data JDBC aggregates (algorithm, prefix,
 * format, storage, column), the node lease and
 * the partitions of partitioned tables (their time ranges and row estimates, the rows in their
 * default partitions, the last failure of their maintenance), and
 * {@code GET /actuator/timesortedid/{id}} decodes any ID as {@code IdResolver.parse} does, and
 * {@code GET /actuator/timesortedid/ddl/{entity}} prints the DDL of a partitioned entity's tables.
 */
@Endpoint(id = "timesortedid")
public class TimeSortedIdEndpoint {

	private final TimeSortedIdRegistry registry;

	/** The columns as each persistence integration of the application maps them (JPA, Spring Data JDBC). */
	private final List<MappedColumns> columns;

	private final @Nullable NodeLease lease;

	private final @Nullable PartitionListing partitions;

	TimeSortedIdEndpoint(TimeSortedIdRegistry registry, List<MappedColumns> columns, @Nullable NodeLease lease,
			@Nullable PartitionListing partitions) {
		this.registry = registry;
		this.columns = List.copyOf(columns);
		this.lease = lease;
		this.partitions = partitions;
	}

	/**
	 * Describes the application's {@code @TimeSortedId} attributes and the node lease.
	 * @return the description
	 */
	@ReadOperation
	public TimeSortedIdsDescriptor describe() {
		List<AttributeDescriptor> attributes = this.registry.fields().stream().map(this::describe).toList();
		return new TimeSortedIdsDescriptor(this.registry.settings().algorithm(), this.registry.settings().separator(),
				attributes, (this.lease != null) ? LeaseDescriptor.of(this.lease) : null,
				(this.partitions != null) ? this.partitions.describe() : List.of());
	}

	/**
	 * Decodes an ID: the entity its prefix belongs to, its algorithm, creation time and bit layout.
	 * @param id any ID text, e.g. {@code post_01m80nmnwae80ayc07k1xt773r}
	 * @return what the ID says about itself
	 */
	@ReadOperation
	public DecodedId decode(@Selector String id) {
		ParsedId parsed;
		try {
			parsed = this.registry.parse(id);
		}
		catch (InvalidIdException ex) {
			throw new InvalidEndpointRequestException(ex.getMessage(), ex.getMessage());
		}
		return new DecodedId(parsed.id(), parsed.entityName(), parsed.field().attribute(), parsed.prefix(),
				parsed.algorithm(), parsed.field().format().algorithm().toString(), parsed.createdAt().orElse(null),
				parsed.segments());
	}

	/**
	 * Prints the DDL that makes an entity's partitioned tables as {@code ddl-auto} does, with the
	 * partitions of the current interval and the {@code premake} next, for a migration to run
	 * instead: {@code GET /actuator/timesortedid/ddl/{entity}}; for a Spring Data JDBC aggregate, whose
	 * tables the application writes, the clauses they end with and the partitions.
	 * @param section {@code ddl}; any other answers 404
	 * @param entity the entity name, as {@code time-sorted-id.partitions} names it (a JPA entity, or a
	 * Spring Data JDBC aggregate root's simple class name)
	 * @return the script, or {@code null} for another section
	 */
	@ReadOperation(produces = "text/plain")
	public @Nullable String ddl(@Selector String section, @Selector String entity) {
		if (!section.equals("ddl")) {
			return null;
		}
		PartitionMaintenance partitions = this.registry.partitionMaintenance().orElse(null);
		PartitionDdl ddl = (partitions != null) ? partitions.ddl(entity).orElse(null) : null;
		if (ddl == null) {
			String partitioned = (partitions != null)
					? String.join(", ", partitions.tables().stream().map(PartitionedTable::entityName).toList()) : "";
			String message = "'" + entity + "' names no entity whose tables are partitioned on this database"
					+ (partitioned.isEmpty() ? "" : "; partitioned: " + partitioned);
			throw new InvalidEndpointRequestException(message, message);
		}
		return ddl.script(this.registry.settings().options().clock().instant());
	}

	private AttributeDescriptor describe(IdField field) {
		return new AttributeDescriptor(field.entityName(), field.attribute(), field.isIdentifier(),
				field.javaType().getName(), field.format().algorithm().name(), field.format().algorithm().toString(),
				field.format().prefix(), field.format().separator(), field.storage().name().toLowerCase(Locale.ROOT), field.longestText(),
				columnOf(field), field.generatedCount(), field.refusedCount());
	}

	/** The column of the integration that maps the attribute: each answers only for its own. */
	private @Nullable String columnOf(IdField field) {
		for (MappedColumns integration : this.columns) {
			MappedColumn column = integration.columnOf(field);
			if (column != null) {
				return column.toString();
			}
		}
		return null;
	}

	/**
	 * What the endpoint lists.
	 * @param defaultAlgorithm the algorithm of attributes that name none
	 * @param separator the text between prefix and body
	 * @param attributes every {@code @TimeSortedId} attribute
	 * @param lease the node lease, or {@code null} when the node ID is fixed
	 * @param partitions the tables partitioned by the time inside their IDs, with their partitions
	 */
	public record TimeSortedIdsDescriptor(String defaultAlgorithm, String separator, List<AttributeDescriptor> attributes,
			@Nullable LeaseDescriptor lease, List<PartitionedTableDescriptor> partitions) {
	}

	/**
	 * A table partitioned by ranges of IDs, or one that depends on such a table and is partitioned alike.
	 * @param table the table
	 * @param entity the entity whose IDs cut the partitions
	 * @param dependentOf the entity's table for a dependent table (a collection table, a
	 * {@code JOINED} subclass table), else {@code null}
	 * @param database the database, e.g. {@code PostgreSQL}
	 * @param interval the time each partition covers
	 * @param premake the partitions kept ready beyond the current one
	 * @param retention how long rows are kept, or {@code null} for ever
	 * @param retentionAction {@code detach} or {@code drop}
	 * @param archiveSchema the schema detached partitions move to, or {@code null}
	 * @param partitions its partitions, as the database's catalog lists them now
	 * @param defaultRows the rows in its default partition now (MariaDB: the last one), as pg_partman's
	 * {@code check_default()} counts them, up to {@code PartitionMaintenance.DEFAULT_ROWS_COUNTED}; {@code null}
	 * if it has none or the catalog could not be read
	 * @param failure why the last maintenance run failed for it (for its entity's table, or as a
	 * whole), until a run succeeds for it; {@code null} when the last run succeeded
	 * @param error why the catalog could not be read, or {@code null}
	 */
	public record PartitionedTableDescriptor(String table, String entity, @Nullable String dependentOf, String database,
			String interval, int premake, @Nullable Duration retention, String retentionAction,
			@Nullable String archiveSchema, List<PartitionDescriptor> partitions, @Nullable Long defaultRows,
			@Nullable LastFailure failure, @Nullable String error) {
	}

	/**
	 * One partition.
	 * @param name its name
	 * @param bounds its bounds as the database prints them
	 * @param from the first instant whose IDs it holds, or {@code null} without a lower bound
	 * @param to the first instant whose IDs it no longer holds, or {@code null} without an upper bound
	 * @param isDefault whether it takes the rows no other partition takes
	 * @param estimatedRows the database's estimate of its rows, or {@code null} before the first {@code ANALYZE}
	 */
	public record PartitionDescriptor(String name, String bounds, @Nullable Instant from, @Nullable Instant to,
			boolean isDefault, @Nullable Long estimatedRows) {
	}

	/**
	 * One {@code @TimeSortedId} attribute.
	 * @param entity the entity name: JPA's, or the simple class name of a Spring Data JDBC entity
	 * @param attribute the attribute name
	 * @param identifier whether it is the entity's {@code @Id}
	 * @param javaType its Java type
	 * @param algorithm the algorithm name
	 * @param format the algorithm with its options, e.g. {@code uuidv7 (base32)}
	 * @param prefix the prefix, empty for none
	 * @param separator the separator between prefix and body
	 * @param storage how the database keeps the ID: {@code text}, or {@code binary} for bits (a
	 * text ID stored as binary, a {@code Long}, a {@code UUID})
	 * @param length the length of its longest ID text
	 * @param column the table and column, or {@code null} if the mapping (Hibernate's, Spring Data
	 * JDBC's) does not say
	 * @param generated how many IDs were made for it since startup
	 * @param refused how many times an ID was refused for it since startup ({@code IdGenerationException})
	 */
	public record AttributeDescriptor(String entity, String attribute, boolean identifier, String javaType,
			String algorithm, String format, String prefix, String separator, String storage, int length,
			@Nullable String column, long generated, long refused) {
	}

	/**
	 * The node lease of {@code snowflake} or {@code couchdb-utc-id}.
	 * @param node the leased node ID
	 * @param valid whether IDs may be made under it now
	 * @param lost whether another instance took the node over
	 * @param validFor how long it stays valid without another renewal
	 * @param renewals how many renewals succeeded
	 * @param failedRenewals how many renewals failed
	 * @param reason why IDs are refused now, as an ID would be told, or {@code null} while valid
	 */
	public record LeaseDescriptor(int node, boolean valid, boolean lost, Duration validFor, long renewals,
			long failedRenewals, @Nullable String reason) {

		static LeaseDescriptor of(NodeLease lease) {
			// read once, so that valid and reason agree
			String reason = lease.refusalReason();
			return new LeaseDescriptor(lease.nodeId(), reason == null, lease.isLost(), lease.validFor(), lease.renewals(),
					lease.failedRenewals(), reason);
		}

	}

	/**
	 * What an ID says about itself.
	 * @param id the ID as given
	 * @param entity the entity name its format belongs to
	 * @param attribute the attribute name
	 * @param prefix the prefix, empty for none
	 * @param algorithm the algorithm name
	 * @param format the algorithm with its options
	 * @param createdAt the creation instant for time-ordered algorithms, else {@code null}
	 * @param segments the body's bit layout
	 */
	public record DecodedId(String id, String entity, String attribute, String prefix, String algorithm, String format,
			@Nullable Instant createdAt, List<IdSegment> segments) {
	}

}
