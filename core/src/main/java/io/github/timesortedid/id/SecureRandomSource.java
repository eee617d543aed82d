package io.github.timesortedid.id;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * CSPRNG bits without a global lock: a fixed set of stripes, each its own DRBG with a buffer,
 * picked by the calling thread. A thread contends only with threads that hash to its stripe, and
 * pays for a {@code SecureRandom} call once per buffer rather than once per ID. Stripes, not
 * thread-locals, so that virtual threads do not each seed a DRBG of their own.
 */
final class SecureRandomSource implements RandomSource {

	static final SecureRandomSource INSTANCE = new SecureRandomSource();

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

	private static final int BUFFER_BYTES = 512;

	private final Stripe[] stripes;

	private SecureRandomSource() {
		int count = Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors() * 4 - 1)) << 1;
		this.stripes = new Stripe[count];
		for (int i = 0; i < count; i++) {
			this.stripes[i] = new Stripe(newDrbg());
		}
	}

	@Override
	public long nextLong() {
		int hash = System.identityHashCode(Thread.currentThread());
		Stripe stripe = this.stripes[(hash ^ (hash >>> 16)) & (this.stripes.length - 1)];
		synchronized (stripe) {
			if (stripe.position == BUFFER_BYTES) {
				stripe.random.nextBytes(stripe.buffer);
				stripe.position = 0;
			}
			long value = (long) LONGS.get(stripe.buffer, stripe.position);
			stripe.position += Long.BYTES;
			return value;
		}
	}

	@Override
	public boolean isSecure() {
		return true;
	}

	@Override
	public String toString() {
		return "secure (DRBG, " + this.stripes.length + " stripes)";
	}

	private static SecureRandom newDrbg() {
		try {
			return SecureRandom.getInstance("DRBG");
		}
		catch (NoSuchAlgorithmException ex) {
			return new SecureRandom();
		}
	}

	private static final class Stripe {

		final SecureRandom random;

		final byte[] buffer = new byte[BUFFER_BYTES];

		int position = BUFFER_BYTES;

		// padding keeps neighbouring stripes' hot fields off one cache line
		long p1, p2, p3, p4, p5, p6;

		Stripe(SecureRandom random) {
			this.random = random;
		}

	}

}
