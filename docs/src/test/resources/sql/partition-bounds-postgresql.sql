-- tag::query[]
PREPARE posts_between (timestamptz, timestamptz) AS
  SELECT * FROM post WHERE id >= tsid_lowest('post', 'uuidv7', $1) AND id < tsid_lowest('post', 'uuidv7', $2);
EXPLAIN (COSTS OFF) EXECUTE posts_between('2026-05-04 00:00:00+00', '2026-05-05 00:00:00+00');
-- end::query[]
