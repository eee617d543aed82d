package io.github.timesortedid.id;

/**
 * The binary form of an algorithm's bodies: a fixed number of bytes, big-endian, so that the
 * unsigned byte order of the stored values (what a database's {@code uuid}, {@code bytea} and
 * {@code binary(N)} columns compare) is the string order of the bodies, which for time-ordered
 * algorithms is creation order. A {@code uuidv7} body is its 16 bytes as RFC 9562 lays them out,
 * the value of every text encoding alike; other bodies are the number their digits spell.
 * Implementations are immutable and thread-safe.
 */
public interface BinaryBody {

	/**
	 * Returns the number of bytes of every stored value.
	 * @return the width in bytes
	 */
	int length();

	/**
	 * Writes the bytes of a body.
	 * @param body a body the algorithm has {@linkplain IdAlgorithm#validateBody checked}
	 * @param dst the destination
	 * @param off where the {@link #length()} bytes start in {@code dst}
	 */
	void write(CharSequence body, byte[] dst, int off);

	/**
	 * Writes the body that stored bytes hold, as ASCII.
	 * @param src the stored value
	 * @param srcOff where its {@link #length()} bytes start in {@code src}
	 * @param dst the destination
	 * @param dstOff where the body starts in {@code dst}
	 * @throws InvalidIdException if the bytes hold a number no body spells
	 */
	void read(byte[] src, int srcOff, byte[] dst, int dstOff);

	/**
	 * Writes the body that a 16-byte value holds, as ASCII: {@link #read(byte[], int, byte[], int)}
	 * for a value that comes as two longs, such as a {@code java.util.UUID} read from a
	 * {@code uuid} column. Bodies of 16 bytes only.
	 * @param high the most significant 64 bits
	 * @param low the least significant 64 bits
	 * @param dst the destination
	 * @param dstOff where the body starts in {@code dst}
	 */
	default void read(long high, long low, byte[] dst, int dstOff) {
		byte[] value = new byte[16];
		Bytes.putLong(value, 0, high);
		Bytes.putLong(value, 8, low);
		read(value, 0, dst, dstOff);
	}

}
