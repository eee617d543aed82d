-- tag::ddl[]
-- PostgreSQL
CREATE TABLE account (
  id   varchar(31) COLLATE "C" PRIMARY KEY,
  name varchar(255) NOT NULL
);
CREATE TABLE post (
  id         varchar(31) COLLATE "C" PRIMARY KEY,
  account_id varchar(31) COLLATE "C" NOT NULL REFERENCES account (id),
  title      varchar(255) NOT NULL,
  body       varchar(10000) NOT NULL
);
-- end::ddl[]
