package io.github.timesortedid.id;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Big-endian longs in byte arrays, the order in which databases compare binary values. */
final class Bytes {

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

	private Bytes() {
	}

	static void putLong(byte[] dst, int off, long value) {
		LONGS.set(dst, off, value);
	}

	static long getLong(byte[] src, int off) {
		return (long) LONGS.get(src, off);
	}

}
