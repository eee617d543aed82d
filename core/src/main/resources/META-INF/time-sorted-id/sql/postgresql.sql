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
