package io.github.timesortedid.benchmarks;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.BinaryBody;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
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
 * What binary storage adds per ID for a {@code post_} uuidv7 attribute: rendering the prefixed text
 * from the {@code uuid} a row holds (every read), and checking the text and turning it into that
 * {@code uuid} (every write and query parameter), in one pass and, for comparison, by the checked
 * parse that text which is no valid ID still takes. The JDK's {@code UUID.toString()} of the same
 * values, the canonical text a {@code java.util.UUID} key is shown as, is the baseline. The IDs are
 * made beforehand and taken in turn, so that neither the JIT nor the CPU sees one value.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = { "-Xms1g", "-Xmx1g" })
public class BinaryStorageBenchmarks {

	/** A power of two, so that the next index is a mask rather than a division. */
	private static final int VALUES = 1024;

	private final BinaryIdFormat posts = Objects.requireNonNull(IdFormat
		.of("post", "_", IdAlgorithms.create(IdAlgorithms.UUIDV7, AlgorithmOptions.builder().build()))
		.binary());

	private final BinaryBody body = Objects.requireNonNull(this.posts.format().algorithm().binaryBody());

	private final String[] ids = new String[VALUES];

	private final UUID[] uuids = new UUID[VALUES];

	private int next;

	public BinaryStorageBenchmarks() {
		for (int i = 0; i < VALUES; i++) {
			this.ids[i] = this.posts.format().next();
			this.uuids[i] = this.posts.toUuid(this.ids[i]);
		}
	}

	private int nextIndex() {
		this.next = (this.next + 1) & (VALUES - 1);
		return this.next;
	}

	@Benchmark
	public String fromUuid() {
		return this.posts.fromUuid(this.uuids[nextIndex()]);
	}

	@Benchmark
	public UUID toUuid() {
		return this.posts.toUuid(this.ids[nextIndex()]);
	}

	/**
	 * The conversion as it was before the one-pass read, which still takes text that is no valid
	 * ID: the whole ID checked, then its body decoded again into the bytes.
	 */
	@Benchmark
	public UUID toUuid_checkedParse() {
		byte[] value = new byte[16];
		this.body.write(this.posts.format().body(this.ids[nextIndex()]), value, 0);
		return new UUID(ByteBuffer.wrap(value).getLong(0), ByteBuffer.wrap(value).getLong(8));
	}

	@Benchmark
	public String uuidToString_jdk() {
		return this.uuids[nextIndex()].toString();
	}

}
