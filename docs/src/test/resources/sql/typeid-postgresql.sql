-- tag::examples[]
SELECT * FROM post WHERE id = tsid_to_uuid('post_01h455vb4pex5vsknk084sn02q');
SELECT tsid_to_text(id, 'post'), title FROM post ORDER BY id DESC LIMIT 20;  -- newest first
SELECT tsid_to_text(id, NULL) FROM post;                 -- the bare suffix: 01h455vb4pex5vsknk084sn02q
SELECT tsid_prefix('post_01h455vb4pex5vsknk084sn02q');   -- post
-- end::examples[]
