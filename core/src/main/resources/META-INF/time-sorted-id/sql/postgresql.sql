-- time-sorted-id: TypeIDs in SQL, for PostgreSQL 12 or newer.
--
-- A uuidv7 ID in the default base32 encoding with separator '_' is a TypeID
-- (https://github.com/jetify-com/typeid/tree/main/spec, v0.3): an optional prefix of 1 to 63
-- characters a-z and '_' that starts and ends with a letter, then '_', then the UUID's 128 bits as
-- 26 lowercase Crockford base32 characters (two zero bits in front, 26 groups of 5 bits, alphabet
-- 0123456789abcdefghjkmnpqrstvwxyz). These functions turn that text into the uuid a binary column
-- stores and back:
--
--   SELECT * FROM post WHERE id = tsid_to_uuid('post_01h455vb4pex5vsknk084sn02q');
--   SELECT tsid_to_text(id, 'post') FROM post;
--
-- They are IMMUTABLE, so PostgreSQL folds tsid_to_uuid('...') of a constant into a uuid constant
-- when it plans the query, and a condition on a uuid key is a primary-key index scan.
-- Running this file again replaces the functions: it is safe in every migration.

-- Says why a text is not a TypeID, following the spec's rules in the order a reader checks them;
-- tsid_to_uuid asks only after its pattern refused the text.
CREATE OR REPLACE FUNCTION tsid_typeid_problem(id text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
	-- the suffix follows the last '_'; a prefix may contain '_' but the suffix never does
	suffix CONSTANT text := substring(id FROM '[^_]*$');
	prefix CONSTANT text := substring(id FROM '^(.*)_');
BEGIN
	IF id = '' THEN
		RETURN 'a TypeID is not empty';
	ELSIF length(id) > 90 THEN
		RETURN format('a TypeID has at most 90 characters, not %s', length(id));
	ELSIF prefix = '' THEN
		RETURN 'a prefix needs at least one letter (without a prefix, leave out the ''_'')';
	ELSIF length(prefix) > 63 THEN
		RETURN format('a prefix has at most 63 characters, not %s', length(prefix));
	ELSIF prefix !~ '^[a-z_]*$' THEN
		RETURN 'a prefix has only lowercase letters a-z and ''_''';
	ELSIF prefix ~ '^_|_$' THEN
		RETURN 'a prefix starts and ends with a letter, not ''_''';
	ELSIF length(suffix) <> 26 THEN
		RETURN format('the suffix has 26 characters, not %s', length(suffix));
	ELSIF suffix !~ '^[0123456789abcdefghjkmnpqrstvwxyz]*$' THEN
		RETURN 'the suffix has only the characters 0123456789abcdefghjkmnpqrstvwxyz (lowercase; no i, l, o, u)';
	ELSIF strpos('01234567', left(suffix, 1)) = 0 THEN
		RETURN 'the suffix starts with a character above 7, which exceeds 128 bits';
	END IF;
	RETURN 'not a TypeID';
END
$$;

-- The uuid of a TypeID: prefix_suffix or the suffix alone. Raises invalid_parameter_value
-- (SQLSTATE 22023) for any text the TypeID spec refuses, and returns NULL for NULL.
CREATE OR REPLACE FUNCTION tsid_to_uuid(id text) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
	suffix CONSTANT text := right(id, 26);
	bits bit varying := B'';
BEGIN
	-- the spec's prefix pattern, '_', then a suffix whose first character is at most 7: 26 base32
	-- characters carry 130 bits, and the top two must be zero for the value to fit in 128
	IF id !~ '^([a-z]([a-z_]{0,61}[a-z])?_)?[0-7][0123456789abcdefghjkmnpqrstvwxyz]{25}$' THEN
		RAISE EXCEPTION 'invalid TypeID %: %', quote_literal(left(id, 100)), tsid_typeid_problem(id)
			USING ERRCODE = 'invalid_parameter_value';
	END IF;
	FOR i IN 1..26 LOOP
		bits := bits || (strpos('0123456789abcdefghjkmnpqrstvwxyz', substr(suffix, i, 1)) - 1)::bit(5);
	END LOOP;
	-- drop the two zero bits; the 128 that remain are the UUID, most significant bit first
	RETURN (lpad(to_hex(substring(bits FROM 3 FOR 64)::bit(64)::bigint), 16, '0')
		|| lpad(to_hex(substring(bits FROM 67 FOR 64)::bit(64)::bigint), 16, '0'))::uuid;
END
$$;

-- The TypeID text of a uuid: prefix_suffix, or the suffix alone when prefix is NULL or ''.
-- Raises invalid_parameter_value (SQLSTATE 22023) for a prefix the TypeID spec refuses, and
-- returns NULL for a NULL value.
CREATE OR REPLACE FUNCTION tsid_to_text(value uuid, prefix text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
	-- two zero bits in front of the 128, then 26 groups of 5 bits, each one character
	bits CONSTANT bit(130) := B'00' || ('x' || replace(value::text, '-', ''))::bit(128);
	suffix text := '';
BEGIN
	IF value IS NULL THEN
		RETURN NULL;
	END IF;
	IF prefix <> '' AND prefix !~ '^[a-z]([a-z_]{0,61}[a-z])?$' THEN
		RAISE EXCEPTION 'invalid TypeID prefix %: a prefix has 1 to 63 lowercase letters a-z and ''_'', starting and ending with a letter',
			quote_literal(left(prefix, 100)) USING ERRCODE = 'invalid_parameter_value';
	END IF;
	FOR i IN 0..25 LOOP
		suffix := suffix || substr('0123456789abcdefghjkmnpqrstvwxyz', substring(bits FROM 5 * i + 1 FOR 5)::int + 1, 1);
	END LOOP;
	RETURN CASE WHEN coalesce(prefix, '') = '' THEN suffix ELSE prefix || '_' || suffix END;
END
$$;

-- The prefix of a TypeID, '' when it has none; raises like tsid_to_uuid for an invalid one.
CREATE OR REPLACE FUNCTION tsid_prefix(id text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
	PERFORM tsid_to_uuid(id);
	RETURN coalesce(substring(id FROM '^(.*)_'), '');
END
$$;

-- Bounds of time: the lowest ID an algorithm makes at an instant, the same text as the Java API's
-- IdFormat.lowest and, at the instant an interval starts, IdField.partitionBound. They are
-- IMMUTABLE, so that PostgreSQL computes them once per statement (while planning it, or when a
-- prepared statement's generic plan starts), which lets a condition on a partition key prune:
--
--   SELECT * FROM post WHERE id >= tsid_lowest('post', 'uuidv7', $1) AND id < tsid_lowest('post', 'uuidv7', $2);
--
-- The algorithm is its name, then its options after '/': uuidv7 (base32, the default),
-- uuidv7/base36, uuidv7/base62, uuidv7/hex, uuidv7/canonical, ulid, hex-ulid, kuuid,
-- kuuid/millisecond, ksuid, objectid, couchdb-utc-random, couchdb-utc-id (its time alone: the bound
-- of the IDs of every suffix), snowflake (decimal), snowflake/base32, snowflake/base62, each
-- snowflake one optionally with /epoch=<milliseconds>. The separator is '_': for another,
-- concatenate prefix, separator and tsid_lowest('', ...). kuuid with reverse sorts newest first
-- and has no such bound.

-- The digits of a non-negative whole number in an alphabet, as many as width, zero-padded with the
-- alphabet's first character, as the Java codecs write fixed-width bodies.
CREATE OR REPLACE FUNCTION tsid_digits(value numeric, alphabet text, width integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
	base CONSTANT integer := length(alphabet);
	rest numeric := value;
	digits text := '';
BEGIN
	FOR i IN 1..width LOOP
		digits := substr(alphabet, mod(rest, base)::integer + 1, 1) || digits;
		rest := div(rest, base);
	END LOOP;
	IF rest <> 0 THEN
		RAISE EXCEPTION 'value % needs more than % digits', value, width USING ERRCODE = 'numeric_value_out_of_range';
	END IF;
	RETURN digits;
END
$$;

-- The number a field of the given width holds at an instant, or an error naming the algorithm
-- when the instant is outside its range.
CREATE OR REPLACE FUNCTION tsid_time_field(algorithm text, value numeric, bound numeric) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
	IF value < 0 OR value >= bound THEN
		RAISE EXCEPTION 'the instant is outside the range of % IDs', algorithm USING ERRCODE = 'invalid_parameter_value';
	END IF;
	RETURN value;
END
$$;

-- The lowest ID of an algorithm at an instant, with prefix and '_' (or the body alone for a NULL
-- or '' prefix). NULL for a NULL instant.
CREATE OR REPLACE FUNCTION tsid_lowest(prefix text, algorithm text, at timestamptz) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
	-- microseconds since 1970, exact: extract(epoch ...) is numeric
	us CONSTANT numeric := extract(epoch FROM at) * 1000000;
	ms CONSTANT numeric := floor(us / 1000);
	s CONSTANT numeric := floor(us / 1000000);
	parts CONSTANT text[] := string_to_array(algorithm, '/');
	name CONSTANT text := parts[1];
	options CONSTANT text[] := parts[2:];
	crockford CONSTANT text := '0123456789abcdefghjkmnpqrstvwxyz';
	base62 CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	hex CONSTANT text := '0123456789abcdef';
	epoch numeric := 1288834974657;
	encoding text := NULL;
	value numeric;
	body text;
BEGIN
	IF at IS NULL THEN
		RETURN NULL;
	END IF;
	FOR i IN 1..coalesce(array_length(options, 1), 0) LOOP
		IF options[i] LIKE 'epoch=%' THEN
			epoch := substr(options[i], 7)::numeric;
		ELSE
			encoding := options[i];
		END IF;
	END LOOP;
	IF name IN ('uuidv7', 'ulid', 'hex-ulid') THEN
		PERFORM tsid_time_field(name, ms, 281474976710656); -- 2^48
	END IF;
	CASE
		-- RFC 9562: 48 bits of milliseconds, version 7, rand_a 0, variant 0b10, rand_b 0;
		-- 2^80 places the time, 7 * 2^76 the version, 2^63 the variant
		WHEN name = 'uuidv7' THEN
			value := ms * 1208925819614629174706176 + 7 * 75557863725914323419136 + 9223372036854775808;
			body := CASE coalesce(encoding, 'base32')
				WHEN 'base32' THEN tsid_digits(value, crockford, 26)
				WHEN 'base36' THEN tsid_digits(value, '0123456789abcdefghijklmnopqrstuvwxyz', 25)
				WHEN 'base62' THEN tsid_digits(value, base62, 22)
				WHEN 'hex' THEN tsid_digits(value, hex, 32)
				WHEN 'canonical' THEN regexp_replace(tsid_digits(value, hex, 32),
						'^(.{8})(.{4})(.{4})(.{4})(.{12})$', '\1-\2-\3-\4-\5')
			END;
		-- ULID: 48 bits of milliseconds, 80 random bits all zero; Crockford's upper case
		WHEN name = 'ulid' THEN
			body := upper(tsid_digits(ms, crockford, 10)) || repeat('0', 16);
		WHEN name = 'hex-ulid' THEN
			body := upper(tsid_digits(ms, hex, 12)) || repeat('0', 20);
		-- kuuid: 8 base62 digits of seconds (or milliseconds), then 24 random digits all zero
		WHEN name = 'kuuid' THEN
			body := tsid_digits(tsid_time_field(name, CASE WHEN encoding = 'millisecond' THEN ms ELSE s END,
					218340105584896), base62, 8) || repeat('0', 24); -- 62^8
		-- KSUID: 32 bits of seconds since 1400000000, 128 random bits all zero, 27 base62 digits
		WHEN name = 'ksuid' THEN
			body := tsid_digits(tsid_time_field(name, s - 1400000000, 4294967296) * 340282366920938463463374607431768211456,
					base62, 27);
		-- MongoDB ObjectId: 4 bytes of seconds, then 8 bytes all zero
		WHEN name = 'objectid' THEN
			body := tsid_digits(tsid_time_field(name, s, 4294967296), hex, 8) || repeat('0', 16);
		-- CouchDB utc_random: 14 hex digits of microseconds, 18 random ones all zero; utc_id: the
		-- time without the suffix, below every instance's IDs of that microsecond
		WHEN name = 'couchdb-utc-random' THEN
			body := tsid_digits(tsid_time_field(name, us, 72057594037927936), hex, 14) || repeat('0', 18); -- 16^14
		WHEN name = 'couchdb-utc-id' THEN
			body := tsid_digits(tsid_time_field(name, us, 72057594037927936), hex, 14);
		-- snowflake: 41 bits of milliseconds since the epoch, node and sequence all zero
		WHEN name = 'snowflake' THEN
			value := tsid_time_field(name, ms - epoch, 2199023255552) * 4194304; -- 2^41, 2^22
			body := CASE coalesce(encoding, 'decimal')
				WHEN 'decimal' THEN tsid_digits(value, '0123456789', 19)
				WHEN 'base32' THEN tsid_digits(value, crockford, 13)
				WHEN 'base62' THEN tsid_digits(value, base62, 11)
			END;
		ELSE
			RAISE EXCEPTION 'unknown time-ordered algorithm %; use uuidv7, ulid, hex-ulid, kuuid, ksuid, objectid, '
				'couchdb-utc-random, couchdb-utc-id or snowflake, with options after /', quote_literal(algorithm)
				USING ERRCODE = 'invalid_parameter_value';
	END CASE;
	IF body IS NULL THEN
		RAISE EXCEPTION 'unknown option of %', quote_literal(algorithm) USING ERRCODE = 'invalid_parameter_value';
	END IF;
	RETURN CASE WHEN coalesce(prefix, '') = '' THEN body ELSE prefix || '_' || body END;
END
$$;

-- The lowest uuid of uuidv7, ulid or hex-ulid at an instant: the bound of a uuid column (a UUID
-- attribute, or a text one stored as binary).
CREATE OR REPLACE FUNCTION tsid_lowest_uuid(algorithm text, at timestamptz) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
	ms CONSTANT numeric := floor(extract(epoch FROM at) * 1000);
BEGIN
	IF at IS NULL THEN
		RETURN NULL;
	END IF;
	IF algorithm NOT IN ('uuidv7', 'ulid', 'hex-ulid') THEN
		RAISE EXCEPTION '% has no uuid form; use uuidv7, ulid or hex-ulid', quote_literal(algorithm)
			USING ERRCODE = 'invalid_parameter_value';
	END IF;
	RETURN (tsid_digits(tsid_time_field(algorithm, ms, 281474976710656), '0123456789abcdef', 12)
		|| CASE WHEN algorithm = 'uuidv7' THEN '70008000' ELSE '00000000' END || repeat('0', 12))::uuid;
END
$$;

-- The lowest snowflake at an instant: the bound of a bigint column. The epoch in milliseconds
-- since 1970, Twitter's by default as time-sorted-id.snowflake.epoch.
CREATE OR REPLACE FUNCTION tsid_lowest_snowflake(at timestamptz, epoch bigint DEFAULT 1288834974657) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
	IF at IS NULL THEN
		RETURN NULL;
	END IF;
	RETURN (tsid_time_field('snowflake', floor(extract(epoch FROM at) * 1000) - epoch, 2199023255552) * 4194304)::bigint;
END
$$;
