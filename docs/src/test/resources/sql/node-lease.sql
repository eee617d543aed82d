-- tag::table[]
CREATE TABLE time_sorted_id_node_lease (
  node_id    INTEGER      NOT NULL PRIMARY KEY,
  owner      VARCHAR(200) NOT NULL,  -- host/pid/random of the holder
  expires_at BIGINT       NOT NULL,  -- Unix ms, by the database's clock
  high_water BIGINT       NOT NULL   -- Unix ms: the highest timestamp its holders may have used
);
-- end::table[]
