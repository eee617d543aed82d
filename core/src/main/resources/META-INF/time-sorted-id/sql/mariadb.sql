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
