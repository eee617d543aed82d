-- time-sorted-id: post and comment IDs from prefixed text to binary storage (time-sorted-id.storage=binary).
-- Needs the SQL helpers (META-INF/time-sorted-id/sql/postgresql.sql in the core jar) installed first.
-- PostgreSQL's DDL is transactional: run in one transaction (Flyway does), a failure changes nothing.
-- The prefix is not stored: tsid_to_uuid keeps the TypeID's UUID, and V3 puts back the constant prefix.

-- tag::script[]
-- the foreign key cannot span a uuid and a varchar column while the two tables are converted
ALTER TABLE comment DROP CONSTRAINT comment_post_fk;

ALTER TABLE post
	ALTER COLUMN id TYPE uuid USING tsid_to_uuid(id);

ALTER TABLE comment
	ALTER COLUMN id TYPE uuid USING tsid_to_uuid(id),
	ALTER COLUMN post_id TYPE uuid USING tsid_to_uuid(post_id);

ALTER TABLE comment ADD CONSTRAINT comment_post_fk FOREIGN KEY (post_id) REFERENCES post (id);
-- end::script[]
