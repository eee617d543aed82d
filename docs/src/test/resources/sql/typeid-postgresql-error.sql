-- tag::error[]
SELECT tsid_to_uuid('post_01H455VB4PEX5VSKNK084SN02Q');
-- ERROR:  invalid TypeID 'post_01H455VB4PEX5VSKNK084SN02Q': the suffix has only the characters
--         0123456789abcdefghjkmnpqrstvwxyz (lowercase; no i, l, o, u)
-- end::error[]
