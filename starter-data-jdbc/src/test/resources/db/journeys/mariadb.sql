-- MariaDB: the tables of Journey (journey, vehicle, journey_stop, delivery), partitioned by day, and their partitions from 2026-05-04T00:00:00Z
create table `journey` (
  `id` varchar(30) CHARACTER SET ascii COLLATE ascii_bin not null,
  `driver` varchar(255),
  primary key (`id`)
) partition by range columns(id) (partition pmax values less than (maxvalue));
create table `vehicle` (
  `journey` varchar(30) CHARACTER SET ascii COLLATE ascii_bin not null,
  `plate` varchar(255),
  `odometer` integer not null,
  primary key (`journey`)
) partition by range columns(journey) (partition pmax values less than (maxvalue));
create table `journey_stop` (
  `journey` varchar(30) CHARACTER SET ascii COLLATE ascii_bin not null,
  `journey_key` integer not null,
  `place` varchar(255),
  primary key (`journey`, `journey_key`)
) partition by range columns(journey) (partition pmax values less than (maxvalue));
create table `delivery` (
  `journey` varchar(30) CHARACTER SET ascii COLLATE ascii_bin not null,
  `journey_key` integer not null,
  `journey_stop_key` integer not null,
  `parcel` varchar(255),
  primary key (`journey`, `journey_key`, `journey_stop_key`)
) partition by range columns(journey) (partition pmax values less than (maxvalue));
alter table journey reorganize partition `pmax` into (partition p20260504 values less than ('jrn_01kqtpye00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table vehicle reorganize partition `pmax` into (partition p20260504 values less than ('jrn_01kqtpye00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table journey_stop reorganize partition `pmax` into (partition p20260504 values less than ('jrn_01kqtpye00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table delivery reorganize partition `pmax` into (partition p20260504 values less than ('jrn_01kqtpye00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table journey reorganize partition `pmax` into (partition p20260505 values less than ('jrn_01kqx9b500e008000000000000'), partition `pmax` values less than (maxvalue));
alter table vehicle reorganize partition `pmax` into (partition p20260505 values less than ('jrn_01kqx9b500e008000000000000'), partition `pmax` values less than (maxvalue));
alter table journey_stop reorganize partition `pmax` into (partition p20260505 values less than ('jrn_01kqx9b500e008000000000000'), partition `pmax` values less than (maxvalue));
alter table delivery reorganize partition `pmax` into (partition p20260505 values less than ('jrn_01kqx9b500e008000000000000'), partition `pmax` values less than (maxvalue));
alter table journey reorganize partition `pmax` into (partition p20260506 values less than ('jrn_01kqzvqw00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table vehicle reorganize partition `pmax` into (partition p20260506 values less than ('jrn_01kqzvqw00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table journey_stop reorganize partition `pmax` into (partition p20260506 values less than ('jrn_01kqzvqw00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table delivery reorganize partition `pmax` into (partition p20260506 values less than ('jrn_01kqzvqw00e008000000000000'), partition `pmax` values less than (maxvalue));
