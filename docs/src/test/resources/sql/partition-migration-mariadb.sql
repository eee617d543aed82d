-- tag::script[]
-- InnoDB refuses foreign keys on partitioned tables, either way
alter table `comment` drop foreign key `FKs1slvnkuemjsq2kj4h3vhx7i1`;
alter table `post_tag` drop foreign key `FKc2auetuvsec0k566l0eyvr9cs`;
-- each table is copied into partitions: every ID up to the end of May 2026, then the rest
alter table post partition by range columns(id) (partition plegacy values less than ('post_01kt07nv00e008000000000000'), partition pmax values less than (maxvalue));
alter table post_tag partition by range columns(post_id) (partition plegacy values less than ('post_01kt07nv00e008000000000000'), partition pmax values less than (maxvalue));
-- end::script[]
