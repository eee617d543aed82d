package io.github.timesortedid.id;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * The binary form of an {@link IdFormat}: what a {@code uuid}, {@code bytea} or {@code binary(N)}
 * column holds for an ID, the body's bytes ({@link BinaryBody}) without the prefix, which the
 * attribute states for every row. Turns IDs into stored values, checking them first, and stored
 * values back into IDs, with one allocation for the text. Immutable and thread-safe.
 */
public final class BinaryIdFormat {

	private final IdFormat format;

	private final BinaryBody body;

	private final byte[] head;

	private final boolean headHasQuestionMark;

	BinaryIdFormat(IdFormat format, BinaryBody body, byte[] head) {
		this.format = format;
		this.body = body;
		this.head = head;
		this.headHasQuestionMark = new String(head, StandardCharsets.ISO_8859_1).indexOf('?') >= 0;
	}

	/**
	 * Returns the format whose IDs these are.
	 * @return the text format
	 */
	public IdFormat format() {
		return this.format;
	}

	/**
	 * Returns the number of bytes of every stored value.
	 * @return the width, e.g. 16 for {@code uuidv7}
	 */
	public int length() {
		return this.body.length();
	}

	/**
	 * Tells whether stored values are 16 bytes, which a database's {@code uuid} type can hold.
	 * @return true for 128-bit bodies
	 */
	public boolean fitsUuid() {
		return length() == 16;
	}

	/**
	 * Checks an ID and returns its stored value.
	 * @param id a full ID, e.g. {@code post_01jh...}
	 * @return the body's {@link #length()} bytes
	 * @throws InvalidIdException saying what is wrong with the ID
	 */
	public byte[] toBytes(CharSequence id) {
		byte[] value = new byte[length()];
		UUID read = fitsUuid() ? read(id) : null;
		if (read != null) {
			Bytes.putLong(value, 0, read.getMostSignificantBits());
			Bytes.putLong(value, 8, read.getLeastSignificantBits());
			return value;
		}
		this.body.write(this.format.body(id), value, 0);
		return value;
	}

	/**
	 * Checks an ID of a 16-byte format and returns its stored value as a UUID. A valid ID is read
	 * in one pass; only text that is not one goes through the checked parse, for its message.
	 * @param id a full ID
	 * @return the 128 bits as a UUID
	 * @throws InvalidIdException saying what is wrong with the ID
	 */
	public UUID toUuid(CharSequence id) {
		UUID read = read(id);
		if (read != null) {
			return read;
		}
		byte[] value = new byte[length()];
		this.body.write(this.format.body(id), value, 0);
		return new UUID(Bytes.getLong(value, 0), Bytes.getLong(value, 8));
	}

	/** The value of a valid ID of this format, read in one pass; {@code null} for anything else. */
	private @Nullable UUID read(@Nullable CharSequence id) {
		if (id == null || id.length() != this.format.length()) {
			return null;
		}
		byte[] latin1 = id.toString().getBytes(StandardCharsets.ISO_8859_1);
		for (int i = 0; i < this.head.length; i++) {
			if (latin1[i] != this.head[i]) {
				return null;
			}
		}
		// getBytes makes a '?' of every character beyond Latin-1; a separator may be '?'
		if (this.headHasQuestionMark && !id.toString().startsWith(this.format.prefix() + this.format.separator())) {
			return null;
		}
		return this.body.readUuid(latin1, this.head.length);
	}

	/**
	 * Returns the ID a stored value holds.
	 * @param value the stored bytes
	 * @return the full ID, prefix included
	 * @throws InvalidIdException if the value has another length or holds no body
	 */
	public String fromBytes(byte[] value) {
		if (value.length != length()) {
			throw new InvalidIdException(null, "a stored " + this.format.algorithm().name() + " value has " + length()
					+ " bytes, not " + value.length);
		}
		byte[] id = newId();
		this.body.read(value, 0, id, this.head.length);
		return Ascii.string(id);
	}

	/**
	 * Returns the ID a stored 16-byte value holds, read from a {@code uuid} column.
	 * @param value the stored value
	 * @return the full ID, prefix included
	 */
	public String fromUuid(UUID value) {
		byte[] id = newId();
		this.body.read(value.getMostSignificantBits(), value.getLeastSignificantBits(), id, this.head.length);
		return Ascii.string(id);
	}

	private byte[] newId() {
		byte[] id = new byte[this.format.length()];
		System.arraycopy(this.head, 0, id, 0, this.head.length);
		return id;
	}

	@Override
	public String toString() {
		return this.format + " as " + length() + " bytes";
	}

}
