-- tag::ddl[]
-- MariaDB / MySQL (foreign key columns must match the referenced column's charset and collation)
CREATE TABLE account (
  id   varchar(31) CHARACTER SET ascii COLLATE ascii_bin PRIMARY KEY,
  name varchar(255) NOT NULL
);
CREATE TABLE post (
  id         varchar(31) CHARACTER SET ascii COLLATE ascii_bin PRIMARY KEY,
  account_id varchar(31) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  title      varchar(255) NOT NULL,
  body       text NOT NULL,
  FOREIGN KEY (account_id) REFERENCES account (id)
);
-- end::ddl[]
