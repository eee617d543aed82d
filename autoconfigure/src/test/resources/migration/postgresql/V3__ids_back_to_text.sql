-- time-sorted-id: post and comment IDs from binary storage back to prefixed text (time-sorted-id.storage=text).
-- Needs the SQL helpers (META-INF/time-sorted-id/sql/postgresql.sql in the core jar) installed first.
-- The columns get what Hibernate generates for text IDs: varchar of the exact length, collation "C".

-- tag::script[]
ALTER TABLE comment DROP CONSTRAINT comment_post_fk;

ALTER TABLE post
	ALTER COLUMN id TYPE varchar(31) COLLATE "C" USING tsid_to_text(id, 'post');

ALTER TABLE comment
	ALTER COLUMN id TYPE varchar(34) COLLATE "C" USING tsid_to_text(id, 'comment'),
	ALTER COLUMN post_id TYPE varchar(31) COLLATE "C" USING tsid_to_text(post_id, 'post');

ALTER TABLE comment ADD CONSTRAINT comment_post_fk FOREIGN KEY (post_id) REFERENCES post (id);
-- end::script[]
