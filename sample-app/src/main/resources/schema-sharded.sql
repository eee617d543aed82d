-- The sample app's tables, created on each shard directly: through ShardingSphere, Hibernate's
-- ddl-auto cannot start from an empty schema (ShardingSphere refuses DROP TABLE IF EXISTS of a table
-- it does not know). Binary storage: the IDs' 128 bits in uuid columns, comments' snowflakes in bigint.
-- tag::schema[]
CREATE TABLE account (
  id   uuid PRIMARY KEY,
  name varchar(255) NOT NULL
);
CREATE TABLE post (
  id         uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES account (id), -- account is on every shard
  title      varchar(255) NOT NULL,
  body       varchar(10000) NOT NULL
);
CREATE TABLE comment (
  id       bigint PRIMARY KEY,
  post_id  uuid NOT NULL REFERENCES post (id),       -- a comment is on its post's shard
  reply_to bigint,
  text     varchar(2000) NOT NULL
);
CREATE TABLE session (
  token      uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES account (id)
);
-- end::schema[]
