-- The blog's first migration on MariaDB: its tables as the application makes them with ddl-auto=create.
-- tag::post[]
-- MariaDB: the tables of Post (post, post_tag), partitioned by month, and their partitions from 2026-05-01T00:00:00Z
create table post (id varchar(31) character set ascii collate ascii_bin not null, title varchar(255), primary key (id)) engine=InnoDB partition by range columns(id) (partition pmax values less than (maxvalue));
create table post_tag (post_id varchar(31) character set ascii collate ascii_bin not null, tags varchar(255)) engine=InnoDB partition by range columns(post_id) (partition pmax values less than (maxvalue));
alter table if exists post_tag add constraint UKoi14d3nsmh6niwci93lbx79un unique (post_id, tags);
alter table post reorganize partition `pmax` into (partition p202605 values less than ('post_01kt07nv00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post_tag reorganize partition `pmax` into (partition p202605 values less than ('post_01kt07nv00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post reorganize partition `pmax` into (partition p202606 values less than ('post_01kwdfkd00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post_tag reorganize partition `pmax` into (partition p202606 values less than ('post_01kwdfkd00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post reorganize partition `pmax` into (partition p202607 values less than ('post_01kyx9xp00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post_tag reorganize partition `pmax` into (partition p202607 values less than ('post_01kyx9xp00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post reorganize partition `pmax` into (partition p202608 values less than ('post_01m1d47z00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post_tag reorganize partition `pmax` into (partition p202608 values less than ('post_01m1d47z00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post reorganize partition `pmax` into (partition p202609 values less than ('post_01m3tc5h00e008000000000000'), partition `pmax` values less than (maxvalue));
alter table post_tag reorganize partition `pmax` into (partition p202609 values less than ('post_01m3tc5h00e008000000000000'), partition `pmax` values less than (maxvalue));
-- end::post[]
-- tag::others[]
-- the tables of one piece, as Hibernate's schema generation writes them (no foreign key to the partitioned post)
create table comment (id varchar(30) character set ascii collate ascii_bin not null, post_id varchar(31) character set ascii collate ascii_bin not null, text varchar(255), primary key (id)) engine=InnoDB;
create table reaction (id varchar(31) character set ascii collate ascii_bin not null, emoji varchar(255), primary key (id)) engine=InnoDB;
-- end::others[]
