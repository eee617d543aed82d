-- tag::schema[]
-- the shop's tables, the same on every shard; IDs in "C" collation, so that text order is byte order
CREATE TABLE customer (
  id   varchar(31) COLLATE "C" PRIMARY KEY,
  name varchar(100) NOT NULL
);
CREATE TABLE purchase (
  id          varchar(30) COLLATE "C" PRIMARY KEY,
  customer_id varchar(31) COLLATE "C" NOT NULL, -- the customer may live on another shard: no constraint
  status      varchar(20) NOT NULL
);
CREATE TABLE purchase_line (
  id          varchar(32) COLLATE "C" PRIMARY KEY,
  purchase_id varchar(30) COLLATE "C" NOT NULL REFERENCES purchase (id), -- its purchase's shard
  position    int NOT NULL,
  product     varchar(100) NOT NULL,
  quantity    int NOT NULL
);
CREATE INDEX purchase_line_purchase_id ON purchase_line (purchase_id);
-- end::schema[]
