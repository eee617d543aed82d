package io.github.timesortedid.id;

import java.util.UUID;

import org.jspecify.annotations.Nullable;

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
	 * Reads the 16-byte value of a body that stands at {@code off} in a longer text (an ID), in one
	 * pass and without checking more than whether it is valid, for the values on their way to a
	 * {@code uuid} column. The text from {@code off} on must be exactly one body long.
	 * @param latin1 the text's Latin-1 bytes ({@code String.getBytes(ISO_8859_1)}: a character
	 * beyond Latin-1 is a {@code '?'}, which no body has)
	 * @param off where the body starts
	 * @return the value, or {@code null} if the text there is not a valid body or this form has no
	 * such fast path: the caller then takes {@link #write}'s checked path, which says what is wrong
	 */
	default @Nullable UUID readUuid(byte[] latin1, int off) {
		return null;
	}

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
