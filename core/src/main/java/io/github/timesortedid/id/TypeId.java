package io.github.timesortedid.id;

import java.util.Objects;
import java.util.UUID;

/**
 * A TypeID (github.com/jetify-com/typeid, spec v0.3): an optional prefix, {@code _}, and a UUID as 26
 * lowercase Crockford base32 characters. A {@code uuidv7} ID in the default {@code base32}
 * encoding with separator {@code _} is a TypeID, so other TypeID implementations can read it.
 */
public final class TypeId {

	private static final int SUFFIX_LENGTH = 26;

	private final String prefix;

	private final UUID uuid;

	private TypeId(String prefix, UUID uuid) {
		this.prefix = prefix;
		this.uuid = uuid;
	}

	/**
	 * Makes a TypeID from its parts.
	 * @param prefix the type prefix, or the empty string for none
	 * @param uuid the value
	 * @return the TypeID
	 * @throws InvalidPrefixException if the prefix breaks the TypeID rules
	 */
	public static TypeId of(String prefix, UUID uuid) {
		Objects.requireNonNull(uuid, "uuid");
		return new TypeId(prefix.isEmpty() ? prefix : Prefixes.check(prefix), uuid);
	}

	/**
	 * Parses a TypeID.
	 * @param text the text, e.g. {@code prefix_01h455vb4pex5vsknk084sn02q}
	 * @return the TypeID
	 * @throws InvalidIdException saying what is wrong
	 */
	public static TypeId parse(CharSequence text) {
		if (text == null || text.length() == 0) {
			throw new InvalidIdException(text, "a TypeID is not empty");
		}
		if (text.length() > Prefixes.MAX_LENGTH + 1 + SUFFIX_LENGTH) {
			throw new InvalidIdException(text, "a TypeID has at most " + (Prefixes.MAX_LENGTH + 1 + SUFFIX_LENGTH)
					+ " characters, not " + text.length());
		}
		int separator = lastIndexOf(text, '_');
		String prefix = "";
		if (separator >= 0) {
			try {
				prefix = Prefixes.check(text.subSequence(0, separator).toString());
			}
			catch (InvalidPrefixException ex) {
				throw new InvalidIdException(text, ex.getReason());
			}
		}
		CharSequence suffix = text.subSequence(separator + 1, text.length());
		try {
			long[] value = Codec128.CROCKFORD_LOWER.decode(suffix, "a TypeID suffix");
			return new TypeId(prefix, new UUID(value[0], value[1]));
		}
		catch (InvalidIdException ex) {
			throw new InvalidIdException(text, ex.getReason());
		}
	}

	/**
	 * Returns the prefix, or the empty string.
	 * @return the prefix
	 */
	public String prefix() {
		return this.prefix;
	}

	/**
	 * Returns the UUID the suffix encodes.
	 * @return the UUID
	 */
	public UUID uuid() {
		return this.uuid;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof TypeId that && that.prefix.equals(this.prefix) && that.uuid.equals(this.uuid);
	}

	@Override
	public int hashCode() {
		return this.prefix.hashCode() * 31 + this.uuid.hashCode();
	}

	/** Returns the TypeID text: {@code prefix_suffix}, or the suffix alone without a prefix. */
	@Override
	public String toString() {
		byte[] suffix = new byte[SUFFIX_LENGTH];
		Codec128.CROCKFORD_LOWER.encode(this.uuid.getMostSignificantBits(), this.uuid.getLeastSignificantBits(),
				suffix, 0);
		String text = Ascii.string(suffix);
		return this.prefix.isEmpty() ? text : this.prefix + "_" + text;
	}

	static int lastIndexOf(CharSequence text, char c) {
		for (int i = text.length() - 1; i >= 0; i--) {
			if (text.charAt(i) == c) {
				return i;
			}
		}
		return -1;
	}

}
