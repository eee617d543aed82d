package io.github.timesortedid.benchmarks;

import java.security.SecureRandom;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;
import com.github.f4b6a3.ksuid.KsuidCreator;
import com.github.f4b6a3.tsid.TsidFactory;
import com.github.f4b6a3.ulid.UlidFactory;
import com.github.f4b6a3.uuid.UuidCreator;
import de.fxlae.typeid.TypeId;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.RandomSource;
import io.github.timesortedid.id.UuidIdAlgorithm;
import io.github.timesortedid.id.Uuidv7Encoding;
import io.hypersistence.tsid.TSID;
import org.bson.types.ObjectId;
import org.hibernate.id.uuid.UuidVersion7Strategy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * ID generation, ours against the library a user would pick instead for the same format, with
 * the same class of randomness (secure against secure, fast against fast). Method names are
 * {@code format_implementation}; {@link Cases} groups them for the summary.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = { "-Xms1g", "-Xmx1g" })
public class GenerationBenchmarks {

	private final AlgorithmOptions secure = AlgorithmOptions.builder().snowflakeNodeId(7).build();

	private final AlgorithmOptions fast = this.secure.toBuilder().randomSource(RandomSource.fast()).build();

	private final IdAlgorithm ulidSecure = IdAlgorithms.create(IdAlgorithms.ULID, this.secure);

	private final IdAlgorithm ulidFast = IdAlgorithms.create(IdAlgorithms.ULID, this.fast);

	private final UlidFactory ulidCreatorSecure = UlidFactory.newMonotonicInstance(new SecureRandom());

	private final UlidFactory ulidCreatorFast = UlidFactory
		.newMonotonicInstance(() -> ThreadLocalRandom.current().nextLong());

	private final UuidIdAlgorithm uuidv7 = (UuidIdAlgorithm) IdAlgorithms.create(IdAlgorithms.UUIDV7, this.secure);

	private final IdAlgorithm uuidv7Canonical = IdAlgorithms.create(IdAlgorithms.UUIDV7,
			this.secure.toBuilder().uuidv7Encoding(Uuidv7Encoding.CANONICAL).build());

	private final TimeBasedEpochGenerator jug = Generators.timeBasedEpochGenerator();

	private final IdAlgorithm ksuid = IdAlgorithms.create(IdAlgorithms.KSUID, this.secure);

	private final IdAlgorithm objectId = IdAlgorithms.create(IdAlgorithms.OBJECTID, this.secure);

	private final LongIdAlgorithm snowflake = (LongIdAlgorithm) IdAlgorithms.create(IdAlgorithms.SNOWFLAKE, this.secure);

	private final TsidFactory tsidCreator = TsidFactory.newInstance1024(7);

	private final TSID.Factory hypersistenceTsid = TSID.Factory.newInstance1024(7);

	private final IdFormat posts = IdFormat.of("post", "_", IdAlgorithms.create(IdAlgorithms.UUIDV7, this.secure));

	@Benchmark
	public String ulid_ours_secure() {
		return this.ulidSecure.nextBody();
	}

	@Benchmark
	public String ulid_ulidCreator_secure() {
		return this.ulidCreatorSecure.create().toString();
	}

	@Benchmark
	public String ulid_ours_fast() {
		return this.ulidFast.nextBody();
	}

	@Benchmark
	public String ulid_ulidCreator_fast() {
		return this.ulidCreatorFast.create().toString();
	}

	@Benchmark
	public UUID uuidv7_ours() {
		return this.uuidv7.nextUuid();
	}

	@Benchmark
	public UUID uuidv7_uuidCreator() {
		return UuidCreator.getTimeOrderedEpoch();
	}

	@Benchmark
	public UUID uuidv7_jug() {
		return this.jug.generate();
	}

	@Benchmark
	public UUID uuidv7_hibernate() {
		return UuidVersion7Strategy.INSTANCE.generateUuid(null);
	}

	@Benchmark
	public UUID uuidv4_jdkRandomUUID() {
		return UUID.randomUUID();
	}

	@Benchmark
	public String uuidv7String_ours() {
		return this.uuidv7Canonical.nextBody();
	}

	@Benchmark
	public String uuidv7String_uuidCreator() {
		return UuidCreator.getTimeOrderedEpoch().toString();
	}

	@Benchmark
	public String uuidv7String_jug() {
		return this.jug.generate().toString();
	}

	@Benchmark
	public String uuidv7String_hibernate() {
		return UuidVersion7Strategy.INSTANCE.generateUuid(null).toString();
	}

	@Benchmark
	public String ksuid_ours() {
		return this.ksuid.nextBody();
	}

	@Benchmark
	public String ksuid_ksuidCreator() {
		return KsuidCreator.getMonotonicKsuid().toString();
	}

	@Benchmark
	public String objectid_ours() {
		return this.objectId.nextBody();
	}

	@Benchmark
	public String objectid_bson() {
		return new ObjectId().toHexString();
	}

	@Benchmark
	public long snowflake_ours() {
		return this.snowflake.nextLong();
	}

	@Benchmark
	public long snowflake_tsidCreator() {
		return this.tsidCreator.create().toLong();
	}

	@Benchmark
	public long snowflake_hypersistenceTsid() {
		return this.hypersistenceTsid.generate().toLong();
	}

	@Benchmark
	public String prefixed_ours() {
		return this.posts.next();
	}

	@Benchmark
	public String prefixed_typeidJava() {
		return TypeId.generate("post").toString();
	}

}
