-- PostgreSQL: the tables of Journey (journey, vehicle, journey_stop, delivery), partitioned by day, and their partitions from 2026-05-04T00:00:00Z
create table "journey" (
  "id" text COLLATE "C" not null,
  "driver" varchar(255),
  primary key ("id")
) partition by range (id);
create table "vehicle" (
  "journey" text COLLATE "C" not null,
  "plate" varchar(255),
  "odometer" integer not null,
  primary key ("journey")
) partition by range (journey);
create table "journey_stop" (
  "journey" text COLLATE "C" not null,
  "journey_key" integer not null,
  "place" varchar(255),
  primary key ("journey", "journey_key")
) partition by range (journey);
create table "delivery" (
  "journey" text COLLATE "C" not null,
  "journey_key" integer not null,
  "journey_stop_key" integer not null,
  "parcel" varchar(255),
  primary key ("journey", "journey_key", "journey_stop_key")
) partition by range (journey);
create table journey_default partition of journey default;
create table vehicle_default partition of vehicle default;
create table journey_stop_default partition of journey_stop default;
create table delivery_default partition of delivery default;
create table journey_p20260504 partition of journey for values from ('jrn_01kqr4hq00e008000000000000') to ('jrn_01kqtpye00e008000000000000');
create table vehicle_p20260504 partition of vehicle for values from ('jrn_01kqr4hq00e008000000000000') to ('jrn_01kqtpye00e008000000000000');
create table journey_stop_p20260504 partition of journey_stop for values from ('jrn_01kqr4hq00e008000000000000') to ('jrn_01kqtpye00e008000000000000');
create table delivery_p20260504 partition of delivery for values from ('jrn_01kqr4hq00e008000000000000') to ('jrn_01kqtpye00e008000000000000');
create table journey_p20260505 partition of journey for values from ('jrn_01kqtpye00e008000000000000') to ('jrn_01kqx9b500e008000000000000');
create table vehicle_p20260505 partition of vehicle for values from ('jrn_01kqtpye00e008000000000000') to ('jrn_01kqx9b500e008000000000000');
create table journey_stop_p20260505 partition of journey_stop for values from ('jrn_01kqtpye00e008000000000000') to ('jrn_01kqx9b500e008000000000000');
create table delivery_p20260505 partition of delivery for values from ('jrn_01kqtpye00e008000000000000') to ('jrn_01kqx9b500e008000000000000');
create table journey_p20260506 partition of journey for values from ('jrn_01kqx9b500e008000000000000') to ('jrn_01kqzvqw00e008000000000000');
create table vehicle_p20260506 partition of vehicle for values from ('jrn_01kqx9b500e008000000000000') to ('jrn_01kqzvqw00e008000000000000');
create table journey_stop_p20260506 partition of journey_stop for values from ('jrn_01kqx9b500e008000000000000') to ('jrn_01kqzvqw00e008000000000000');
create table delivery_p20260506 partition of delivery for values from ('jrn_01kqx9b500e008000000000000') to ('jrn_01kqzvqw00e008000000000000');
