-- The tables of the aggregate catalog (io.github.timesortedid.jdbc.shapes) on H2:
-- unquoted names, which H2 folds to upper case as Spring Data JDBC's H2 dialect quotes them, the names
-- @MappedCollection gives are quoted as written
create table ledger (id varchar(64) primary key, title varchar(100), recorded_at timestamp(6), due_at timestamp(6),
	confirmed_at timestamp(6) with time zone, due_on date, due_by time(6), posted_at timestamp(3), amount numeric(12,2), weight real,
	rate double precision, certainty varchar(20), archived boolean, audited boolean not null, thumbnail varbinary(100),
	correlation uuid);
create table shelf (id bigint primary key, name varchar(100), caption varchar(100), dim_width int, dim_height int,
	dim_depth int, loc_aisle varchar(20), loc_geo_lat double precision, loc_geo_lon double precision);
create table slot (id varchar(64) primary key, "shelf_id" bigint not null, "slot_index" int not null,
	item varchar(100), quantity int);
create table sensor (id uuid primary key, model varchar(100));
create table reading (sensor uuid not null, channel varchar(50), millivolts numeric(8,3));
create table calibration (sensor uuid not null, "calibration_name" varchar(50) not null, correction double precision,
	unit varchar(10));
create table voyage (id varchar(64) primary key, vessel varchar(100), ledger varchar(64), previous varchar(64));
create table leg (id varchar(64) primary key, voyage varchar(64) not null, voyage_key int not null,
	origin varchar(100));
create table port (leg varchar(64) not null, leg_key int not null, name varchar(100));
create table crew (id varchar(64) primary key, version bigint, name varchar(100), call_sign varchar(100),
	created_at timestamp(6), modified_at timestamp(6));
create table memo (id varchar(64) primary key, body varchar(200));
create table cargo (id uuid primary key, destination varchar(100), follows uuid);
create table crate (id uuid primary key, cargo uuid not null, cargo_key int not null, kilograms int)
