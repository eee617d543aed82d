-- time-sorted-id: post and comment IDs from prefixed text to binary storage (time-sorted-id.storage=binary).
-- Needs the SQL helpers (META-INF/time-sorted-id/sql/mariadb.sql in the core jar) installed first.
-- MariaDB commits every ALTER TABLE at once: take a backup, and stop the writers while this runs.
-- A varchar holding 'post_01h4...' cannot be MODIFYed to uuid directly (MariaDB parses the text as a
-- UUID and refuses it), so each column is widened to the UUID's 36-character text, rewritten with
-- tsid_to_uuid, then retyped: its indexes, NOT NULL and position stay as they were.

-- tag::script[]
ALTER TABLE comment DROP FOREIGN KEY comment_post_fk;

ALTER TABLE post MODIFY id varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL;
UPDATE post SET id = tsid_to_uuid(id);
ALTER TABLE post MODIFY id uuid NOT NULL;

ALTER TABLE comment
	MODIFY id varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
	MODIFY post_id varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL;
UPDATE comment SET id = tsid_to_uuid(id), post_id = tsid_to_uuid(post_id);
ALTER TABLE comment MODIFY id uuid NOT NULL, MODIFY post_id uuid NOT NULL;

ALTER TABLE comment ADD CONSTRAINT comment_post_fk FOREIGN KEY (post_id) REFERENCES post (id);
-- end::script[]
