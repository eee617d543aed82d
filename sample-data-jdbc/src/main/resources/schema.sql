-- The tables of the aggregates on embedded H2, which Spring Boot runs at startup (spring.sql.init).
-- IDs are stored as binary (application.yml): a uuid column holds a 128-bit body, the typed ID's
-- prefix stays in Java and JSON. Comments' snowflake IDs are numbers. A reference to another aggregate
-- (an AggregateReference) is a column named after its attribute.
create table account (
  id uuid primary key,
  name varchar(255) not null
);

create table post (
  id uuid primary key,
  account uuid not null references account (id),
  title varchar(255) not null,
  body varchar(10000) not null
);

create table comment (
  id bigint primary key,
  post uuid not null references post (id),
  reply_to bigint,
  text varchar(2000) not null
);

create table session (
  token uuid primary key,
  account uuid not null references account (id)
);
