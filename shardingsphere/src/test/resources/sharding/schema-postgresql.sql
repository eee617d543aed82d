-- tag::schema[]
-- the same tables on every shard; IDs in "C" collation, so that text order is byte order
CREATE TABLE account (
  id   varchar(31) COLLATE "C" PRIMARY KEY,
  name varchar(255)
);
CREATE TABLE post (
  id         varchar(31) COLLATE "C" PRIMARY KEY,
  account_id varchar(31) COLLATE "C" NOT NULL, -- the author may live on another shard: no constraint
  title      varchar(255)
);
CREATE TABLE comment (
  id      varchar(30) COLLATE "C" PRIMARY KEY,
  post_id varchar(31) COLLATE "C" NOT NULL REFERENCES post (id), -- same shard: a real constraint
  text    varchar(255)
);
CREATE INDEX comment_post_id ON comment (post_id);
-- end::schema[]
