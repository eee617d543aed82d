package io.github.timesortedid.id;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;

import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * CSPRNG bits without a global lock and without paying a {@code SecureRandom} call per ID.
 * <p>
 * A fixed set of stripes, picked by the calling thread, each an AES-256 keystream (CTR mode, the
 * JDK's own AES with its hardware intrinsics) read through a 4 KiB buffer: the construction of a
 * NIST CTR_DRBG. After every buffer the key is replaced by keystream bytes that are never handed
 * out (key erasure: a state read from memory does not reveal earlier output), and every 4 MiB the
 * key is mixed with fresh bits from the system's {@code DRBG}. Each thread takes 256 bytes at a
 * time from its stripe into a buffer of its own and reads longs from that without any lock, so a
 * stripe's lock is taken once per 32 longs; bytes are zeroed as they are handed out. Stripes own
 * the ciphers, not threads, so that a virtual thread costs a 256-byte buffer, not a keyed cipher.
 */
final class SecureRandomSource implements RandomSource {

	static final SecureRandomSource INSTANCE = new SecureRandomSource();

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

	private static final int BUFFER_BYTES = 4096;

	/** Key and counter for the next buffer, taken from the end of each keystream block run. */
	private static final int RESERVED_BYTES = 48;

	private static final int REFILLS_PER_RESEED = 1024;

	private static final int THREAD_BYTES = 256;

	private final SecureRandom seeds = newDrbg();

	private final Stripe[] stripes;

	private final ThreadLocal<byte[]> threadBytes = ThreadLocal.withInitial(SecureRandomSource::emptyThreadBytes);

	private SecureRandomSource() {
		int count = Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors() * 4 - 1)) << 1;
		this.stripes = new Stripe[count];
		for (int i = 0; i < count; i++) {
			this.stripes[i] = new Stripe(this.seeds);
		}
	}

	@Override
	public long nextLong() {
		// the last byte counts the longs already read, so that one thread-local lookup finds both
		byte[] bytes = this.threadBytes.get();
		int used = bytes[THREAD_BYTES];
		if (used == THREAD_BYTES / Long.BYTES) {
			take(bytes);
			used = 0;
		}
		int position = used * Long.BYTES;
		long value = (long) LONGS.get(bytes, position);
		LONGS.set(bytes, position, 0L);
		bytes[THREAD_BYTES] = (byte) (used + 1);
		return value;
	}

	private static byte[] emptyThreadBytes() {
		byte[] bytes = new byte[THREAD_BYTES + 1];
		bytes[THREAD_BYTES] = THREAD_BYTES / Long.BYTES;
		return bytes;
	}

	private void take(byte[] bytes) {
		int hash = System.identityHashCode(Thread.currentThread());
		Stripe stripe = this.stripes[(hash ^ (hash >>> 16)) & (this.stripes.length - 1)];
		synchronized (stripe) {
			stripe.copyTo(bytes, THREAD_BYTES, this.seeds);
		}
	}

	@Override
	public boolean isSecure() {
		return true;
	}

	@Override
	public String toString() {
		return "secure (AES-256-CTR DRBG seeded from " + this.seeds.getAlgorithm() + ", " + this.stripes.length
				+ " stripes)";
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

		private static final byte[] ZEROS = new byte[BUFFER_BYTES];

		final byte[] buffer = new byte[BUFFER_BYTES];

		final int limit = BUFFER_BYTES - RESERVED_BYTES;

		int position = this.limit;

		private final Cipher cipher;

		private int refills;

		// padding keeps neighbouring stripes' hot fields off one cache line
		long p1, p2, p3, p4, p5, p6;

		Stripe(SecureRandom seeds) {
			try {
				this.cipher = Cipher.getInstance("AES/CTR/NoPadding");
			}
			catch (GeneralSecurityException ex) {
				throw new IllegalStateException("AES/CTR is not available", ex);
			}
			byte[] seed = new byte[RESERVED_BYTES];
			seeds.nextBytes(seed);
			rekey(seed, 0);
		}

		/** Hands out the next {@code length} keystream bytes into {@code dst} and zeroes them here. */
		void copyTo(byte[] dst, int length, SecureRandom seeds) {
			int copied = 0;
			while (copied < length) {
				if (this.position == this.limit) {
					refill(seeds);
				}
				int n = Math.min(length - copied, this.limit - this.position);
				System.arraycopy(this.buffer, this.position, dst, copied, n);
				Arrays.fill(this.buffer, this.position, this.position + n, (byte) 0);
				this.position += n;
				copied += n;
			}
		}

		void refill(SecureRandom seeds) {
			try {
				this.cipher.update(ZEROS, 0, BUFFER_BYTES, this.buffer);
			}
			catch (GeneralSecurityException ex) {
				throw new IllegalStateException("AES/CTR failed", ex);
			}
			if (++this.refills % REFILLS_PER_RESEED == 0) {
				byte[] fresh = new byte[RESERVED_BYTES];
				seeds.nextBytes(fresh);
				for (int i = 0; i < RESERVED_BYTES; i++) {
					this.buffer[this.limit + i] ^= fresh[i];
				}
			}
			rekey(this.buffer, this.limit);
			Arrays.fill(this.buffer, this.limit, BUFFER_BYTES, (byte) 0);
			this.position = 0;
		}

		private void rekey(byte[] material, int offset) {
			try {
				this.cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(material, offset, 32, "AES"),
						new IvParameterSpec(material, offset + 32, 16));
			}
			catch (GeneralSecurityException ex) {
				throw new IllegalStateException("AES/CTR could not be keyed", ex);
			}
		}

	}

}
