-- tag::query[]
EXPLAIN PARTITIONS SELECT * FROM post
  WHERE id >= tsid_lowest('post', 'uuidv7', '2026-05-04 00:00:00') AND id < tsid_lowest('post', 'uuidv7', '2026-05-05 00:00:00');
-- end::query[]
