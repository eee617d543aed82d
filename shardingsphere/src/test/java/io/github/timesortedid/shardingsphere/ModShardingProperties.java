package io.github.timesortedid.shardingsphere;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import com.github.f4b6a3.ulid.Ulid;
import com.google.common.hash.Hashing;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.apache.shardingsphere.infra.datanode.DataNodeInfo;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code TIME_SORTED_ID_MOD} for each of the twelve algorithms: the shard read from the bits of a
 * {@code UUID} or {@code long} value is the one its layout gives; every form of an ID (text,
 * {@code Long}, {@code UUID}, bytes) is routed to the one shard its text is, by any instance
 * configured alike; the newest IDs, made one after another, spread evenly; and for {@code uuidv7},
 * {@code ulid} and {@code snowflake} the shard is the documented hash of the fields read
 * independently (the UUID's bits, ulid-creator's reading of a ULID, the long's bits).
 */
class ModShardingProperties {

	@Provide
	Arbitrary<String> algorithms() {
		return Arbitraries.of(IdAlgorithms.names());
	}

	@Property(generation = GenerationMode.EXHAUSTIVE)
	void everyFormOfAnIdIsRoutedWhereItsTextIs(@ForAll("algorithms") String algorithm) {
		TimeSortedIdModShardingAlgorithm mod = mod(algorithm, 7);
		TimeSortedIdModShardingAlgorithm again = mod(algorithm, 7);
		IdFormat format = Columns.format(algorithm);
		List<String> targets = List.of("ds_0", "ds_1", "ds_2", "ds_3", "ds_4", "ds_5", "ds_6");
		for (int i = 0; i < 500; i++) {
			String id = format.next();
			int shard = mod.shardOf(id);
			assertThat(again.shardOf(id)).as("an ID alone names its shard").isEqualTo(shard);
			for (Object form : Columns.forms(format, id)) {
				assertThat(mod.shardOf(form)).as(algorithm + " " + form.getClass().getSimpleName()).isEqualTo(shard);
				if (form instanceof Comparable<?> value) {
					assertThat(mod.doSharding(targets, precise(value))).isEqualTo("ds_" + shard);
				}
			}
		}
	}

	@Property(generation = GenerationMode.EXHAUSTIVE)
	void theBitsOfAValueGiveTheShardItsLayoutGives(@ForAll("algorithms") String algorithm) {
		TimeSortedIdModShardingAlgorithm mod = mod(algorithm, 7);
		IdColumn column = IdColumn.of(new AlgorithmProperties(mod, Columns.props(algorithm), IdColumn.FORMAT_KEYS),
				IdColumn.FORMAT_KEYS);
		SpreadKey spread = SpreadKey.of(column);
		for (int i = 0; i < 500; i++) {
			String id = column.format().next();
			int byLayout = spread.shard(column.algorithm().segments(column.body(id)), 7);
			assertThat(mod.shardOf(id)).as(algorithm + " " + id).isEqualTo(byLayout);
			UUID bits = column.bits(id);
			if (spread.readsBits()) {
				assertThat(bits).as(algorithm + " reads bits").isNotNull();
				for (Object form : Columns.forms(column.format(), id)) {
					UUID formBits = column.bits(form);
					if (formBits != null) {
						assertThat(spread.shard(formBits, 7)).as(algorithm + " " + form).isEqualTo(byLayout);
					}
				}
			}
		}
		if (List.of(IdAlgorithms.UUIDV7, IdAlgorithms.ULID, IdAlgorithms.SNOWFLAKE).contains(algorithm)) {
			// a UUID or a long: routing reads its bits, never the layout's text
			assertThat(spread.readsBits()).as(algorithm).isTrue();
		}
	}

	@Property(generation = GenerationMode.EXHAUSTIVE)
	void theNewestIdsSpreadEvenly(@ForAll("algorithms") String algorithm) {
		TimeSortedIdModShardingAlgorithm mod = mod(algorithm, 3);
		IdFormat format = Columns.format(algorithm);
		int[] counts = new int[3];
		int ids = 9_000;
		for (int i = 0; i < ids; i++) {
			counts[mod.shardOf(format.next())]++;
		}
		for (int count : counts) {
			assertThat(count).as(algorithm + " per shard " + java.util.Arrays.toString(counts)).isBetween(2_700, 3_300);
		}
	}

	@Property(tries = 200)
	void uuidv7IsSpreadByTheHashOfRandARandB(@ForAll @IntRange(min = 1, max = 64) int count) {
		TimeSortedIdModShardingAlgorithm mod = mod(IdAlgorithms.UUIDV7, count);
		IdFormat format = Columns.format(IdAlgorithms.UUIDV7);
		String id = format.next();
		UUID uuid = format.binary().toUuid(id);
		// rand_a: the 12 bits after the version; rand_b: the 62 bits after the variant (RFC 9562, 5.7)
		ByteBuffer fields = ByteBuffer.allocate(2 + 8);
		fields.putShort((short) (uuid.getMostSignificantBits() & 0xFFF));
		fields.putLong(uuid.getLeastSignificantBits() & 0x3FFF_FFFF_FFFF_FFFFL);
		assertThat(mod.spreadFields()).containsExactly("rand_a", "rand_b");
		assertThat(mod.shardOf(id)).isEqualTo(expected(fields.array(), count));
	}

	@Property(tries = 200)
	void ulidIsSpreadByTheHashOfItsRandomness(@ForAll @IntRange(min = 1, max = 64) int count) {
		TimeSortedIdModShardingAlgorithm mod = mod(IdAlgorithms.ULID, count);
		String id = Columns.format(IdAlgorithms.ULID).next();
		byte[] randomness = Ulid.from(id.substring("post_".length())).getRandom();
		assertThat(mod.spreadFields()).containsExactly("randomness");
		assertThat(mod.shardOf(id)).isEqualTo(expected(randomness, count));
	}

	@Property(tries = 200)
	void snowflakeIsSpreadByTheHashOfTimeNodeAndSequence(@ForAll @IntRange(min = 1, max = 64) int count) {
		TimeSortedIdModShardingAlgorithm mod = mod(IdAlgorithms.SNOWFLAKE, count);
		IdFormat format = Columns.format(IdAlgorithms.SNOWFLAKE);
		String id = format.next();
		long value = Long.parseLong(format.body(id));
		// 41 bits of time in 6 bytes, 10 of node in 2, 12 of sequence in 2 (the sign bit is fixed)
		ByteBuffer fields = ByteBuffer.allocate(10);
		long time = value >>> 22;
		fields.putShort((short) (time >>> 32)).putInt((int) time);
		fields.putShort((short) ((value >>> 12) & 0x3FF));
		fields.putShort((short) (value & 0xFFF));
		assertThat(mod.spreadFields()).containsExactly("timestamp", "node_id", "sequence");
		assertThat(mod.shardOf(value)).isEqualTo(expected(fields.array(), count));
	}

	private static int expected(byte[] fields, int count) {
		return (int) Long.remainderUnsigned(Hashing.murmur3_128().hashBytes(fields).asLong(), count);
	}

	static TimeSortedIdModShardingAlgorithm mod(String algorithm, int count) {
		Properties props = Columns.props(algorithm);
		props.setProperty("sharding-count", String.valueOf(count));
		TimeSortedIdModShardingAlgorithm mod = new TimeSortedIdModShardingAlgorithm();
		mod.init(props);
		return mod;
	}

	static PreciseShardingValue<Comparable<?>> precise(Comparable<?> value) {
		return new PreciseShardingValue<>("post", "id", new DataNodeInfo("ds_", 1, '0'), value);
	}

}
