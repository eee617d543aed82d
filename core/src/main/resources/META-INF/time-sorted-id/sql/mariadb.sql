-- time-sorted-id: TypeIDs in SQL, for MariaDB 10.7 or newer (the UUID type).
--
-- A uuidv7 ID in the default base32 encoding with separator '_' is a TypeID
-- (https://github.com/jetify-com/typeid/tree/main/spec, v0.3): an optional prefix of 1 to 63
-- characters a-z and '_' that starts and ends with a letter, then '_', then the UUID's 128 bits as
-- 26 lowercase Crockford base32 characters (two zero bits in front, 26 groups of 5 bits, alphabet
-- 0123456789abcdefghjkmnpqrstvwxyz). These functions turn that text into the UUID or BINARY(16) a
-- binary column stores and back:
--
--   SELECT * FROM post WHERE id = tsid_to_uuid('post_01h455vb4pex5vsknk084sn02q');
--   SELECT tsid_to_text(id, 'post') FROM post;
--
-- Install with the command-line client, which understands DELIMITER: mariadb mydb < mariadb.sql.
-- Running it again replaces the functions, so a newer release's file updates them.
--
-- Decoding works in chunks of 4 characters (20 bits, 5 hex digits) with CONV, after mapping the
-- Crockford alphabet onto the digits CONV reads (0-9, a-v); the first 2 characters carry the top
-- 8 bits (their 10 bits start with the two zero bits). Encoding is the same in reverse.
--
-- Parameters are wider than any TypeID (90 characters, 63 for a prefix): in a sql_mode without
-- STRICT_*, MariaDB cuts an over-long argument to the declared width, and a cut string could
-- look valid; here a longer string reaches the length check and is refused. Emptiness is tested
-- with CHAR_LENGTH, since MariaDB's PAD SPACE collations take ' ' to equal ''.

DELIMITER //

-- Says why a text is not a TypeID, following the spec's rules in the order a reader checks them;
-- the other functions ask only after their pattern refused the text.
CREATE OR REPLACE FUNCTION tsid_typeid_problem(id VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)
RETURNS VARCHAR(200) CHARACTER SET utf8mb4
DETERMINISTIC NO SQL
BEGIN
	-- the suffix follows the last '_'; a prefix may contain '_' but the suffix never does
	DECLARE suffix VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT SUBSTRING_INDEX(id, '_', -1);
	DECLARE prefix VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin
		DEFAULT IF(LOCATE('_', id) = 0, NULL, LEFT(id, CHAR_LENGTH(id) - CHAR_LENGTH(suffix) - 1));
	IF CHAR_LENGTH(id) = 0 THEN
		RETURN 'a TypeID is not empty';
	ELSEIF CHAR_LENGTH(id) > 90 THEN
		RETURN CONCAT('a TypeID has at most 90 characters, not ', CHAR_LENGTH(id));
	ELSEIF CHAR_LENGTH(prefix) = 0 THEN
		RETURN 'a prefix needs at least one letter (without a prefix, leave out the ''_'')';
	ELSEIF CHAR_LENGTH(prefix) > 63 THEN
		RETURN CONCAT('a prefix has at most 63 characters, not ', CHAR_LENGTH(prefix));
	ELSEIF prefix NOT REGEXP '^[a-z_]*$' OR RIGHT(prefix, 1) = CHAR(10) THEN
		RETURN 'a prefix has only lowercase letters a-z and ''_''';
	ELSEIF LEFT(prefix, 1) = '_' OR RIGHT(prefix, 1) = '_' THEN
		RETURN 'a prefix starts and ends with a letter, not ''_''';
	ELSEIF CHAR_LENGTH(suffix) <> 26 THEN
		RETURN CONCAT('the suffix has 26 characters, not ', CHAR_LENGTH(suffix));
	ELSEIF suffix NOT REGEXP '^[0123456789abcdefghjkmnpqrstvwxyz]*$' THEN
		RETURN 'the suffix has only the characters 0123456789abcdefghjkmnpqrstvwxyz (lowercase; no i, l, o, u)';
	ELSEIF LOCATE(LEFT(suffix, 1), '01234567') = 0 THEN
		RETURN 'the suffix starts with a character above 7, which exceeds 128 bits';
	END IF;
	RETURN 'not a TypeID';
END//

-- The 16 bytes of a TypeID, for a BINARY(16) column: prefix_suffix or the suffix alone. Signals
-- SQLSTATE 22023 for any text the TypeID spec refuses, and returns NULL for NULL.
CREATE OR REPLACE FUNCTION tsid_to_binary(id VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)
RETURNS BINARY(16)
DETERMINISTIC NO SQL
BEGIN
	DECLARE digits CHAR(26) CHARACTER SET ascii COLLATE ascii_bin;
	DECLARE message VARCHAR(512) CHARACTER SET utf8mb4;
	IF id IS NULL THEN
		RETURN NULL;
	END IF;
	-- the spec's prefix pattern, '_', then a suffix whose first character is at most 7: 26 base32
	-- characters carry 130 bits, and the top two must be zero for the value to fit in 128.
	-- The binary collation makes the match case-sensitive; '$' also matches before a final
	-- newline, which the last test refuses.
	IF id NOT REGEXP '^([a-z]([a-z_]{0,61}[a-z])?_)?[0-7][0123456789abcdefghjkmnpqrstvwxyz]{25}$'
			OR RIGHT(id, 1) = CHAR(10) THEN
		SET message = CONCAT('invalid TypeID ', QUOTE(LEFT(id, 100)), ': ', tsid_typeid_problem(id));
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
	END IF;
	-- Crockford's j..z (18..31) as CONV's i..v, replaced from the lowest up so that no letter is
	-- mapped twice
	SET digits = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
		REPLACE(REPLACE(RIGHT(id, 26),
		'j', 'i'), 'k', 'j'), 'm', 'k'), 'n', 'l'), 'p', 'm'), 'q', 'n'), 'r', 'o'), 's', 'p'), 't', 'q'),
		'v', 'r'), 'w', 's'), 'x', 't'), 'y', 'u'), 'z', 'v');
	RETURN UNHEX(CONCAT(
		LPAD(CONV(SUBSTRING(digits, 1, 2), 32, 16), 2, '0'),
		LPAD(CONV(SUBSTRING(digits, 3, 4), 32, 16), 5, '0'),
		LPAD(CONV(SUBSTRING(digits, 7, 4), 32, 16), 5, '0'),
		LPAD(CONV(SUBSTRING(digits, 11, 4), 32, 16), 5, '0'),
		LPAD(CONV(SUBSTRING(digits, 15, 4), 32, 16), 5, '0'),
		LPAD(CONV(SUBSTRING(digits, 19, 4), 32, 16), 5, '0'),
		LPAD(CONV(SUBSTRING(digits, 23, 4), 32, 16), 5, '0')));
END//

-- The UUID of a TypeID, for a UUID column; signals like tsid_to_binary. MariaDB's UUID type refuses
-- some values with a version from 8 to 15 (error 1292, Incorrect uuid value), which no UUIDv7 is but
-- a TypeID may encode; tsid_to_binary takes every value. The value goes through the
-- canonical text form: CAST(BINARY(16) AS UUID) reads the bytes in MariaDB's storage order, which
-- swaps the groups of some values.
CREATE OR REPLACE FUNCTION tsid_to_uuid(id VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)
RETURNS UUID
DETERMINISTIC NO SQL
BEGIN
	DECLARE hex CHAR(32) CHARACTER SET ascii COLLATE ascii_bin DEFAULT LOWER(HEX(tsid_to_binary(id)));
	RETURN CONCAT(SUBSTRING(hex, 1, 8), '-', SUBSTRING(hex, 9, 4), '-', SUBSTRING(hex, 13, 4), '-',
		SUBSTRING(hex, 17, 4), '-', SUBSTRING(hex, 21, 12));
END//

-- The TypeID text of a BINARY(16) value: prefix_suffix, or the suffix alone when prefix is NULL or
-- ''. Signals SQLSTATE 22023 for a prefix the TypeID spec refuses, and returns NULL for NULL.
CREATE OR REPLACE FUNCTION tsid_binary_to_text(value BINARY(16), prefix VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)
RETURNS VARCHAR(90) CHARACTER SET ascii COLLATE ascii_bin
DETERMINISTIC NO SQL
BEGIN
	DECLARE hex CHAR(32) CHARACTER SET ascii COLLATE ascii_bin DEFAULT HEX(value);
	DECLARE digits CHAR(26) CHARACTER SET ascii COLLATE ascii_bin;
	DECLARE message VARCHAR(512) CHARACTER SET utf8mb4;
	IF value IS NULL THEN
		RETURN NULL;
	END IF;
	IF CHAR_LENGTH(prefix) > 0 AND (prefix NOT REGEXP '^[a-z]([a-z_]{0,61}[a-z])?$' OR RIGHT(prefix, 1) = CHAR(10)) THEN
		SET message = CONCAT('invalid TypeID prefix ', QUOTE(LEFT(prefix, 100)),
			': a prefix has 1 to 63 lowercase letters a-z and ''_'', starting and ending with a letter');
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
	END IF;
	SET digits = LOWER(CONCAT(
		LPAD(CONV(SUBSTRING(hex, 1, 2), 16, 32), 2, '0'),
		LPAD(CONV(SUBSTRING(hex, 3, 5), 16, 32), 4, '0'),
		LPAD(CONV(SUBSTRING(hex, 8, 5), 16, 32), 4, '0'),
		LPAD(CONV(SUBSTRING(hex, 13, 5), 16, 32), 4, '0'),
		LPAD(CONV(SUBSTRING(hex, 18, 5), 16, 32), 4, '0'),
		LPAD(CONV(SUBSTRING(hex, 23, 5), 16, 32), 4, '0'),
		LPAD(CONV(SUBSTRING(hex, 28, 5), 16, 32), 4, '0')));
	-- CONV's i..v as Crockford's j..z, replaced from the highest down so that no letter is mapped twice
	SET digits = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
		REPLACE(REPLACE(digits,
		'v', 'z'), 'u', 'y'), 't', 'x'), 's', 'w'), 'r', 'v'), 'q', 't'), 'p', 's'), 'o', 'r'), 'n', 'q'),
		'm', 'p'), 'l', 'n'), 'k', 'm'), 'j', 'k'), 'i', 'j');
	RETURN IF(COALESCE(CHAR_LENGTH(prefix), 0) = 0, digits, CONCAT(prefix, '_', digits));
END//

-- The TypeID text of a UUID, like tsid_binary_to_text. The UUID's text form is canonical, so this
-- reads the bytes from it rather than through CAST(value AS BINARY(16)), which gives storage order.
-- (A BINARY(16) argument would be read in storage order too: use tsid_binary_to_text for those.)
CREATE OR REPLACE FUNCTION tsid_to_text(value UUID, prefix VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)
RETURNS VARCHAR(90) CHARACTER SET ascii COLLATE ascii_bin
DETERMINISTIC NO SQL
BEGIN
	RETURN tsid_binary_to_text(UNHEX(REPLACE(CAST(value AS CHAR), '-', '')), prefix);
END//

-- The prefix of a TypeID, '' when it has none; signals like tsid_to_binary for an invalid one.
CREATE OR REPLACE FUNCTION tsid_prefix(id VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)
RETURNS VARCHAR(63) CHARACTER SET ascii COLLATE ascii_bin
DETERMINISTIC NO SQL
BEGIN
	IF tsid_to_binary(id) IS NULL THEN
		RETURN NULL;
	END IF;
	RETURN IF(LOCATE('_', id) = 0, '', LEFT(id, CHAR_LENGTH(id) - 27));
END//

DELIMITER ;

-- Bounds of time: the lowest ID an algorithm makes at an instant, the same text as the Java API's
-- IdFormat.lowest and, at the instant an interval starts, IdField.partitionBound, so that a
-- condition on a partitioned table's key prunes like one on a literal:
--
--   SELECT * FROM post WHERE id >= tsid_lowest('post', 'uuidv7', '2026-05-01 00:00:00')
--     AND id < tsid_lowest('post', 'uuidv7', '2026-06-01 00:00:00');
--
-- The instant is a DATETIME in UTC, read without the session's time zone. The algorithm is its
-- name, then its options after '/': uuidv7 (base32), uuidv7/base36, uuidv7/base62, uuidv7/hex,
-- uuidv7/canonical, ulid, hex-ulid, kuuid, kuuid/millisecond, ksuid, objectid,
-- couchdb-utc-random, couchdb-utc-id (its time alone: the bound of every suffix's IDs), snowflake
-- (decimal), snowflake/base32, snowflake/base62, each snowflake one optionally with
-- /epoch=<milliseconds>. The separator is '_': for another, concatenate prefix, separator and
-- tsid_lowest('', ...). Numbers of up to 160 bits are DECIMAL(65, 0), which holds 65 digits.

DELIMITER //

-- The digits of a non-negative whole number in an alphabet, as many as width, zero-padded.
CREATE OR REPLACE FUNCTION tsid_digits(value DECIMAL(65, 0), alphabet VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin,
		width INT)
RETURNS VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin
DETERMINISTIC NO SQL
BEGIN
	DECLARE base INT DEFAULT CHAR_LENGTH(alphabet);
	DECLARE rest DECIMAL(65, 0) DEFAULT value;
	DECLARE digits VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin DEFAULT '';
	DECLARE i INT DEFAULT 0;
	WHILE i < width DO
		SET digits = CONCAT(SUBSTRING(alphabet, MOD(rest, base) + 1, 1), digits);
		SET rest = FLOOR(rest / base);
		SET i = i + 1;
	END WHILE;
	IF rest <> 0 THEN
		SIGNAL SQLSTATE '22003' SET MESSAGE_TEXT = 'the value needs more digits than its body has';
	END IF;
	RETURN digits;
END//

-- The number a time field holds, or SQLSTATE 22023 when the instant is outside the algorithm's range.
CREATE OR REPLACE FUNCTION tsid_time_field(algorithm VARCHAR(64), value DECIMAL(65, 0), bound DECIMAL(65, 0))
RETURNS DECIMAL(65, 0)
DETERMINISTIC NO SQL
BEGIN
	DECLARE message VARCHAR(200);
	IF value < 0 OR value >= bound THEN
		SET message = CONCAT('the instant is outside the range of ', algorithm, ' IDs');
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
	END IF;
	RETURN value;
END//

-- The lowest ID of an algorithm at an instant (a UTC DATETIME), with prefix and '_' (or the body
-- alone for a NULL or '' prefix). NULL for a NULL instant.
CREATE OR REPLACE FUNCTION tsid_lowest(prefix VARCHAR(63) CHARACTER SET ascii COLLATE ascii_bin,
		algorithm VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin, at DATETIME(6))
RETURNS VARCHAR(128) CHARACTER SET ascii COLLATE ascii_bin
DETERMINISTIC NO SQL
BEGIN
	DECLARE us DECIMAL(65, 0) DEFAULT TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', at);
	DECLARE ms DECIMAL(65, 0) DEFAULT FLOOR(us / 1000);
	DECLARE s DECIMAL(65, 0) DEFAULT FLOOR(us / 1000000);
	DECLARE name VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin DEFAULT SUBSTRING_INDEX(algorithm, '/', 1);
	DECLARE options VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin
		DEFAULT IF(LOCATE('/', algorithm) = 0, '', SUBSTRING(algorithm, LOCATE('/', algorithm) + 1));
	DECLARE crockford VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin DEFAULT '0123456789abcdefghjkmnpqrstvwxyz';
	DECLARE base62 VARCHAR(62) CHARACTER SET ascii COLLATE ascii_bin
		DEFAULT '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	DECLARE hex VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin DEFAULT '0123456789abcdef';
	DECLARE epoch DECIMAL(65, 0) DEFAULT 1288834974657;
	DECLARE encoding VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin DEFAULT NULL;
	DECLARE opt VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin;
	DECLARE value DECIMAL(65, 0);
	DECLARE body VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin DEFAULT NULL;
	DECLARE message VARCHAR(300);
	IF at IS NULL THEN
		RETURN NULL;
	END IF;
	WHILE CHAR_LENGTH(options) > 0 DO
		SET opt = SUBSTRING_INDEX(options, '/', 1);
		SET options = IF(LOCATE('/', options) = 0, '', SUBSTRING(options, LOCATE('/', options) + 1));
		IF opt LIKE 'epoch=%' THEN
			SET epoch = CAST(SUBSTRING(opt, 7) AS DECIMAL(65, 0));
		ELSE
			SET encoding = opt;
		END IF;
	END WHILE;
	IF name IN ('uuidv7', 'ulid', 'hex-ulid') THEN
		SET ms = tsid_time_field(name, ms, 281474976710656);
	END IF;
	CASE
		WHEN name = 'uuidv7' THEN
			-- RFC 9562: 2^80 places the time, 7 * 2^76 the version, 2^63 the variant
			SET value = ms * 1208925819614629174706176 + 7 * 75557863725914323419136 + 9223372036854775808;
			SET body = CASE COALESCE(encoding, 'base32')
				WHEN 'base32' THEN tsid_digits(value, crockford, 26)
				WHEN 'base36' THEN tsid_digits(value, '0123456789abcdefghijklmnopqrstuvwxyz', 25)
				WHEN 'base62' THEN tsid_digits(value, base62, 22)
				WHEN 'hex' THEN tsid_digits(value, hex, 32)
				WHEN 'canonical' THEN INSERT(INSERT(INSERT(INSERT(tsid_digits(value, hex, 32), 21, 0, '-'), 17, 0, '-'),
						13, 0, '-'), 9, 0, '-')
				ELSE NULL
			END;
		WHEN name = 'ulid' THEN
			SET body = CONCAT(UPPER(tsid_digits(ms, crockford, 10)), REPEAT('0', 16));
		WHEN name = 'hex-ulid' THEN
			SET body = CONCAT(UPPER(tsid_digits(ms, hex, 12)), REPEAT('0', 20));
		WHEN name = 'kuuid' THEN
			SET body = CONCAT(tsid_digits(tsid_time_field(name, IF(encoding = 'millisecond', ms, s), 218340105584896),
					base62, 8), REPEAT('0', 24));
		WHEN name = 'ksuid' THEN
			SET body = tsid_digits(tsid_time_field(name, s - 1400000000, 4294967296)
					* 340282366920938463463374607431768211456, base62, 27);
		WHEN name = 'objectid' THEN
			SET body = CONCAT(tsid_digits(tsid_time_field(name, s, 4294967296), hex, 8), REPEAT('0', 16));
		WHEN name = 'couchdb-utc-random' THEN
			SET body = CONCAT(tsid_digits(tsid_time_field(name, us, 72057594037927936), hex, 14), REPEAT('0', 18));
		WHEN name = 'couchdb-utc-id' THEN
			SET body = tsid_digits(tsid_time_field(name, us, 72057594037927936), hex, 14);
		WHEN name = 'snowflake' THEN
			SET value = tsid_time_field(name, ms - epoch, 2199023255552) * 4194304;
			SET body = CASE COALESCE(encoding, 'decimal')
				WHEN 'decimal' THEN tsid_digits(value, '0123456789', 19)
				WHEN 'base32' THEN tsid_digits(value, crockford, 13)
				WHEN 'base62' THEN tsid_digits(value, base62, 11)
				ELSE NULL
			END;
		ELSE
			SET message = CONCAT('unknown time-ordered algorithm ', QUOTE(algorithm), '; use uuidv7, ulid, hex-ulid, kuuid, '
					'ksuid, objectid, couchdb-utc-random, couchdb-utc-id or snowflake, with options after /');
			SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
	END CASE;
	IF body IS NULL THEN
		SET message = CONCAT('unknown option of ', QUOTE(algorithm));
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
	END IF;
	RETURN IF(COALESCE(CHAR_LENGTH(prefix), 0) = 0, body, CONCAT(prefix, '_', body));
END//

-- The lowest snowflake at an instant (a UTC DATETIME): the bound of a BIGINT column. The epoch in
-- milliseconds since 1970; time-sorted-id.snowflake.epoch's default is 1288834974657.
CREATE OR REPLACE FUNCTION tsid_lowest_snowflake(at DATETIME(6), epoch BIGINT)
RETURNS BIGINT
DETERMINISTIC NO SQL
BEGIN
	IF at IS NULL THEN
		RETURN NULL;
	END IF;
	RETURN tsid_time_field('snowflake', FLOOR(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', at) / 1000) - epoch,
			2199023255552) * 4194304;
END//

DELIMITER ;
