package io.github.timesortedid.shardingsphere;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.AlgorithmOptions;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.id.IdAlgorithm;
import io.github.timesortedid.id.IdAlgorithms;
import io.github.timesortedid.id.IdFormat;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.id.InvalidPrefixException;
import io.github.timesortedid.id.InvalidSettingException;
import io.github.timesortedid.id.LongIdAlgorithm;
import io.github.timesortedid.id.TimeOrderedIdAlgorithm;
import io.github.timesortedid.id.UuidIdAlgorithm;
import org.jspecify.annotations.Nullable;

/**
 * The IDs one sharding column holds, as the algorithm's properties describe them: the algorithm,
 * its text form ({@code prefix}, {@code separator}, {@code encoding}) and how the column stores
 * them ({@code storage}). Reads each value ShardingSphere hands over by its Java type, as the
 * starter's attributes bind them: a {@code String} is the ID's text (text storage, typed IDs), a
 * {@code Long} a {@code snowflake} value, a {@code UUID} a {@code UUID} attribute or a 128-bit body
 * stored as binary, a {@code byte[]} any other binary body. Immutable; one per algorithm instance.
 * <p>
 * The properties are the starter's own settings under ShardingSphere's names: {@code id-algorithm},
 * {@code separator} and {@code storage} are {@code time-sorted-id.algorithm}, {@code .separator}
 * and {@code .storage}, {@code encoding} is {@code time-sorted-id.uuidv7.encoding} or
 * {@code .snowflake.encoding}, and {@code kuuid.millisecond}, {@code snowflake.epoch} and the like
 * are {@code time-sorted-id.kuuid.millisecond}, … They are bound and checked by the same code as
 * the starter's ({@link TimeSortedIdProperties#bind}, {@link AlgorithmOptions.Builder#apply}), so
 * that the same values mean the same IDs on both sides.
 */
final class IdColumn {

	static final String ID_ALGORITHM = "id-algorithm";

	static final String ENCODING = "encoding";

	static final String PREFIX = "prefix";

	static final String SEPARATOR = "separator";

	static final String STORAGE = "storage";

	/** The algorithm settings that change what an ID looks like, under the starter's nested names. */
	static final Set<String> FORMAT_KEYS = Set.of(ID_ALGORITHM, ENCODING, PREFIX, SEPARATOR, STORAGE, "kuuid.millisecond",
			"kuuid.reverse", "snowflake.epoch", "couchdb-utc-id.suffix", "random.bits");

	/** What only the key generator, which makes IDs, needs as well. */
	static final Set<String> GENERATOR_KEYS = Set.of("snowflake.node-id", "snowflake.max-wait", "random-source");

	private final IdFormat format;

	private final @Nullable BinaryIdFormat binary;

	private final IdStorage storage;

	private final @Nullable String namedAlgorithm;

	private IdColumn(IdFormat format, IdStorage storage, @Nullable String namedAlgorithm) {
		this.format = format;
		this.binary = format.binary();
		this.storage = storage;
		this.namedAlgorithm = namedAlgorithm;
	}

	/**
	 * Reads the ID's properties.
	 * @throws org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException
	 * naming the property of a bad value
	 */
	static IdColumn of(AlgorithmProperties props, Set<String> keys) {
		Map<String, String> settings = new LinkedHashMap<>();
		Map<String, String> names = new LinkedHashMap<>();
		String algorithm = (props.text(ID_ALGORITHM) != null) ? props.text(ID_ALGORITHM) : IdAlgorithms.UUIDV7;
		for (String key : keys) {
			String value = props.text(key);
			String setting = switch (key) {
				case ID_ALGORITHM -> "algorithm";
				case ENCODING -> switch (algorithm) {
					case IdAlgorithms.UUIDV7 -> "uuidv7.encoding";
					case IdAlgorithms.SNOWFLAKE -> "snowflake.encoding";
					default -> (value == null) ? null : failEncoding(props, algorithm);
				};
				case PREFIX -> null;
				default -> key;
			};
			if (setting != null && value != null) {
				settings.put(TimeSortedIdProperties.PREFIX + "." + setting, value);
				names.put(TimeSortedIdProperties.PREFIX + "." + setting, key);
			}
		}
		try {
			TimeSortedIdProperties properties = TimeSortedIdProperties.bind(settings);
			IdAlgorithm ids = IdAlgorithms.create(properties.getAlgorithm(),
					AlgorithmOptions.builder().apply(properties).build());
			IdColumn column = new IdColumn(IdFormat.of(props.text(PREFIX), properties.getSeparator(), ids),
					(properties.getStorage() == IdStorage.BINARY) ? IdStorage.BINARY : IdStorage.TEXT,
					props.text(ID_ALGORITHM));
			column.checkStorage(props);
			return column;
		}
		catch (InvalidPrefixException ex) {
			throw props.invalid(PREFIX, props.text(PREFIX), ex.getMessage());
		}
		catch (InvalidSettingException ex) {
			throw props.invalid(names.getOrDefault(ex.getProperty(), ex.getProperty()), ex.getValue(), ex.getReason());
		}
	}

	private static String failEncoding(AlgorithmProperties props, String algorithm) {
		throw props.invalid(ENCODING, props.text(ENCODING),
				"only uuidv7 and snowflake have a choice of encoding, " + algorithm + " has one text form");
	}

	/** Refuses a binary storage that ShardingSphere could not route or the algorithm does not have. */
	private void checkStorage(AlgorithmProperties props) {
		if (this.storage != IdStorage.BINARY || isLong()) {
			// snowflake's binary form is its 64-bit number, the Long attribute's bigint
			return;
		}
		if (this.binary == null) {
			throw props.invalid(STORAGE, "binary", algorithm().name() + " has no binary form; use text");
		}
		if (!this.binary.fitsUuid()) {
			// ShardingSphere 5.5 takes only Comparable sharding values (ConditionValue): a byte[] is refused
			throw props.invalid(STORAGE, "binary", algorithm().name() + " bodies are " + this.binary.length()
					+ " bytes, which JDBC hands to ShardingSphere as a byte[], and ShardingSphere routes only "
					+ "Comparable values; use text, or a 128-bit algorithm whose binary form is a uuid column");
		}
	}

	IdFormat format() {
		return this.format;
	}

	IdAlgorithm algorithm() {
		return this.format.algorithm();
	}

	/** The algorithm the props name ({@code id-algorithm}), or {@code null} for the default. */
	@Nullable String namedAlgorithm() {
		return this.namedAlgorithm;
	}

	IdStorage storage() {
		return this.storage;
	}

	boolean isLong() {
		return algorithm() instanceof LongIdAlgorithm;
	}

	/**
	 * Returns the body of a value of the column.
	 * @throws InvalidIdException if the value is no ID of this column, saying why
	 */
	String body(@Nullable Object value) {
		if (value instanceof CharSequence text) {
			return this.format.body(text);
		}
		if (value instanceof Number number && algorithm() instanceof LongIdAlgorithm longs) {
			long id = exactLong(number);
			longs.validate(id);
			return longs.encode(id);
		}
		if (value instanceof UUID uuid) {
			if (algorithm() instanceof UuidIdAlgorithm uuids) {
				uuids.validate(uuid);
				return uuids.encode(uuid);
			}
			if (this.binary != null && this.binary.fitsUuid()) {
				return this.format.body(this.binary.fromUuid(uuid));
			}
		}
		if (value instanceof byte[] bytes && this.binary != null) {
			return this.format.body(this.binary.fromBytes(bytes));
		}
		throw new InvalidIdException(String.valueOf(value), "a sharding value of " + this.format + " is "
				+ forms() + ", not " + ((value != null) ? "a " + value.getClass().getName() : "null"));
	}

	/**
	 * Returns the bits of a value whose algorithm's value is a {@code UUID} or a {@code long} (then
	 * in the low half), checked as {@link #body} checks them, without making the body's text: a
	 * {@code UUID} or {@code Long} as it is, the ID's text read in one pass where it has a 16-byte
	 * form.
	 * @return the bits, or {@code null} for another algorithm or a value that only {@link #body} reads
	 * (or refuses, saying why)
	 * @throws InvalidIdException if the value is no ID of this column
	 */
	@Nullable UUID bits(@Nullable Object value) {
		IdAlgorithm algorithm = algorithm();
		if (algorithm instanceof LongIdAlgorithm longs) {
			if (value instanceof Number number) {
				long id = exactLong(number);
				longs.validate(id);
				return new UUID(0, id);
			}
			return (value instanceof CharSequence text) ? new UUID(0, longs.decode(this.format.body(text))) : null;
		}
		if (algorithm instanceof UuidIdAlgorithm uuids) {
			if (value instanceof UUID uuid) {
				uuids.validate(uuid);
				return uuid;
			}
			if (value instanceof CharSequence text) {
				return (this.binary != null && this.binary.fitsUuid()) ? this.binary.toUuid(text)
						: uuids.decode(this.format.body(text));
			}
		}
		return null;
	}

	/**
	 * Returns the creation instant of a value; the algorithm is time-ordered.
	 * @throws InvalidIdException if the value is no ID of this column
	 */
	Instant instantOf(Object value) {
		return ((TimeOrderedIdAlgorithm) algorithm()).instantOf(body(value));
	}

	/** Makes a new key in the column's stored form. */
	Comparable<?> next() {
		if (this.storage == IdStorage.TEXT) {
			return this.format.next();
		}
		if (algorithm() instanceof LongIdAlgorithm longs) {
			return longs.nextLong();
		}
		if (algorithm() instanceof UuidIdAlgorithm uuids) {
			return uuids.nextUuid();
		}
		// checkStorage admitted only bodies of 16 bytes
		return this.binary.toUuid(this.format.next());
	}

	private String forms() {
		if (isLong()) {
			return "the ID's text or its Long";
		}
		boolean uuid = algorithm() instanceof UuidIdAlgorithm || (this.binary != null && this.binary.fitsUuid());
		return "the ID's text" + (uuid ? " or a UUID" : "") + ((this.binary != null) ? " or the body's bytes" : "");
	}

	private static long exactLong(Number number) {
		if (number instanceof BigDecimal decimal) {
			return decimal.longValueExact();
		}
		if (number instanceof BigInteger integer) {
			return integer.longValueExact();
		}
		return number.longValue();
	}

}
