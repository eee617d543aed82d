package io.github.timesortedid.shardingsphere;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

import io.github.timesortedid.id.IdAlgorithms;
import org.apache.shardingsphere.infra.algorithm.core.context.AlgorithmSQLContext;
import org.apache.shardingsphere.infra.algorithm.keygen.core.KeyGenerateAlgorithm;
import org.jspecify.annotations.Nullable;

import static io.github.timesortedid.shardingsphere.TimeSortedIdModShardingAlgorithm.initialized;

/**
 * The key generator {@code TIME_SORTED_ID}: gives rows inserted through plain SQL without an ID
 * (an {@code INSERT} that leaves the key column out) a new ID of any of the twelve algorithms, in the
 * column's stored form: the ID's text for {@code storage: text}; for {@code storage: binary} a
 * {@code UUID} of a 128-bit body or the {@code Long} of a {@code snowflake}. Entities need none:
 * the starter fixes their IDs before Hibernate sends the {@code INSERT}.
 * <p>
 * Configured with the ID's properties, as the sharding algorithms are, and for the algorithms that
 * need one a node of its own: {@code snowflake.node-id} (required for {@code snowflake}, a number
 * no running instance leases or is configured with, since this generator cannot take part in the
 * starter's node leases) or {@code couchdb-utc-id.suffix}. {@code random-source} chooses the
 * randomness, secure by default.
 */
public final class TimeSortedIdKeyGenerateAlgorithm implements KeyGenerateAlgorithm {

	/** The name ShardingSphere's YAML gives this key generator as its {@code type}. */
	public static final String TYPE = "TIME_SORTED_ID";

	private static final String NODE_ID = "snowflake.node-id";

	private @Nullable IdColumn column;

	/** Made by ShardingSphere's {@link java.util.ServiceLoader}, then {@link #init}. */
	public TimeSortedIdKeyGenerateAlgorithm() {
	}

	@Override
	public void init(Properties props) {
		Set<String> keys = new HashSet<>(IdColumn.FORMAT_KEYS);
		keys.addAll(IdColumn.GENERATOR_KEYS);
		AlgorithmProperties properties = new AlgorithmProperties(this, props, keys);
		if (IdAlgorithms.SNOWFLAKE.equals(properties.text(IdColumn.ID_ALGORITHM))) {
			properties.required(NODE_ID, "900");
		}
		this.column = IdColumn.of(properties, keys);
	}

	@Override
	public Collection<? extends Comparable<?>> generateKeys(AlgorithmSQLContext context, int keyGenerateCount) {
		IdColumn column = initialized(this.column);
		List<Comparable<?>> keys = new ArrayList<>(keyGenerateCount);
		for (int i = 0; i < keyGenerateCount; i++) {
			keys.add(column.next());
		}
		return keys;
	}

	@Override
	public String getType() {
		return TYPE;
	}

}
