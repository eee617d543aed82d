package io.github.timesortedid.shardingsphere;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;

/**
 * The twelve algorithms as sharding columns: the properties that describe each to our algorithms,
 * a generator of its IDs made by the core with the same settings, and every form a column of it
 * can hand to ShardingSphere (text; a {@code Long}; a {@code UUID}; the body's bytes).
 */
final class Columns {

	static final String SUFFIX = "@s1";

	/** {@code kuuid} newest first ({@code kuuid.reverse}), as one more name. */
	static final String KUUID_REVERSE = "kuuid-reverse";

	private Columns() {
	}

	/** The ID properties of an algorithm: a prefix, and what the algorithm needs. */
	static Properties props(String algorithm) {
		Properties props = new Properties();
		if (algorithm.equals(KUUID_REVERSE)) {
			props.setProperty("kuuid.reverse", "true");
			algorithm = IdAlgorithms.KUUID;
		}
		props.setProperty("id-algorithm", algorithm);
		props.setProperty("prefix", "post");
		if (algorithm.equals(IdAlgorithms.COUCHDB_UTC_ID)) {
			props.setProperty("couchdb-utc-id.suffix", SUFFIX);
		}
		return props;
	}

	/** The core's format of the same IDs. */
	static IdFormat format(String algorithm) {
		boolean reverse = algorithm.equals(KUUID_REVERSE);
		AlgorithmOptions options = AlgorithmOptions.builder().couchdbUtcIdSuffix(SUFFIX).kuuidReverse(reverse).build();
		return IdFormat.of("post", "_", IdAlgorithms.create(reverse ? IdAlgorithms.KUUID : algorithm, options));
	}

	/** Every form an ID can reach a sharding algorithm in: text first. */
	static List<Object> forms(IdFormat format, String id) {
		List<Object> forms = new ArrayList<>();
		forms.add(id);
		String body = format.body(id);
		if (format.algorithm() instanceof LongIdAlgorithm longs) {
			forms.add(longs.decode(body));
		}
		if (format.algorithm() instanceof UuidIdAlgorithm uuids) {
			forms.add(uuids.decode(body));
		}
		BinaryIdFormat binary = format.binary();
		if (binary != null) {
			forms.add(binary.toBytes(id));
			if (binary.fitsUuid()) {
				UUID uuid = binary.toUuid(id);
				forms.add(uuid);
			}
		}
		return forms;
	}

}
