-- tag::ddl[]
create table robot (id bigint primary key, name varchar(100));
create table kit (id varchar(40) primary key, name varchar(100));
create table booklet (kit_id varchar(40) primary key, text varchar(2000));
create table figure (kit varchar(40) not null, name varchar(100) not null, description varchar(2000));
-- end::ddl[]
