-- The statement findById sends for a post of May 2026 on PostgreSQL, as PartitionsTests captures it
-- tag::lookup[]
select p1_0.id,t1_0.post_id,t1_0.tags,p1_0.title from post p1_0
  left join post_tag t1_0 on p1_0.id=t1_0.post_id
    and t1_0.post_id>='post_01kqgdbj00e008000000000000' and t1_0.post_id<'post_01kt07nv00e008000000000000'
  where p1_0.id=?
    and p1_0.id>='post_01kqgdbj00e008000000000000' and p1_0.id<'post_01kt07nv00e008000000000000'
-- end::lookup[]
