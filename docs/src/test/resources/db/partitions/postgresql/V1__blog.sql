-- The blog's first migration on PostgreSQL: its tables as the application makes them with ddl-auto=create.
-- tag::post[]
-- PostgreSQL: the tables of Post (post, post_tag), partitioned by month, and their partitions from 2026-05-01T00:00:00Z
create table post (id text collate "C" not null, title varchar(255), primary key (id)) partition by range (id);
create table post_default partition of post default;
create table post_tag (post_id text collate "C" not null, tags varchar(255), unique (post_id, tags)) partition by range (post_id);
create table post_tag_default partition of post_tag default;
alter table if exists post_tag add constraint FKc2auetuvsec0k566l0eyvr9cs foreign key (post_id) references post;
create table post_p202605 partition of post for values from ('post_01kqgdbj00e008000000000000') to ('post_01kt07nv00e008000000000000');
create table post_tag_p202605 partition of post_tag for values from ('post_01kqgdbj00e008000000000000') to ('post_01kt07nv00e008000000000000');
create table post_p202606 partition of post for values from ('post_01kt07nv00e008000000000000') to ('post_01kwdfkd00e008000000000000');
create table post_tag_p202606 partition of post_tag for values from ('post_01kt07nv00e008000000000000') to ('post_01kwdfkd00e008000000000000');
create table post_p202607 partition of post for values from ('post_01kwdfkd00e008000000000000') to ('post_01kyx9xp00e008000000000000');
create table post_tag_p202607 partition of post_tag for values from ('post_01kwdfkd00e008000000000000') to ('post_01kyx9xp00e008000000000000');
create table post_p202608 partition of post for values from ('post_01kyx9xp00e008000000000000') to ('post_01m1d47z00e008000000000000');
create table post_tag_p202608 partition of post_tag for values from ('post_01kyx9xp00e008000000000000') to ('post_01m1d47z00e008000000000000');
create table post_p202609 partition of post for values from ('post_01m1d47z00e008000000000000') to ('post_01m3tc5h00e008000000000000');
create table post_tag_p202609 partition of post_tag for values from ('post_01m1d47z00e008000000000000') to ('post_01m3tc5h00e008000000000000');
-- end::post[]
-- tag::others[]
-- the tables of one piece, as Hibernate's schema generation writes them
create table comment (id varchar(30) collate "C" not null, post_id text collate "C" not null, text varchar(255), primary key (id));
create table reaction (id varchar(31) collate "C" not null, emoji varchar(255), primary key (id));
alter table if exists comment add constraint FKs1slvnkuemjsq2kj4h3vhx7i1 foreign key (post_id) references post;
-- end::others[]
