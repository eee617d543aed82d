-- tag::script[]
begin;
-- the old tables keep their rows and become the partitions of every ID up to the end of May 2026
alter table post rename to post_legacy;
alter table post_legacy alter column id type text collate "C";
create table post (like post_legacy including all) partition by range (id);
alter table post_tag rename to post_tag_legacy;
alter table post_tag_legacy alter column post_id type text collate "C";
create table post_tag (like post_tag_legacy including all) partition by range (post_id);
-- the old tables' foreign keys, now on the new ones
alter table post_tag_legacy drop constraint fkc2auetuvsec0k566l0eyvr9cs;
alter table post_tag add constraint fkc2auetuvsec0k566l0eyvr9cs FOREIGN KEY (post_id) REFERENCES post(id);
alter table post attach partition post_legacy for values from (minvalue) to ('post_01kt07nv00e008000000000000');
create table post_default partition of post default;
alter table post_tag attach partition post_tag_legacy for values from (minvalue) to ('post_01kt07nv00e008000000000000');
create table post_tag_default partition of post_tag default;
-- foreign keys that followed the renamed table reference the new one again, their columns of the key's type
alter table comment drop constraint fks1slvnkuemjsq2kj4h3vhx7i1, alter column post_id type text collate "C", add constraint fks1slvnkuemjsq2kj4h3vhx7i1 FOREIGN KEY (post_id) REFERENCES post(id);
commit;
-- end::script[]
