-- time-sorted-id: post and comment IDs from binary storage back to prefixed text (time-sorted-id.storage=text).
-- Needs the SQL helpers (META-INF/time-sorted-id/sql/mariadb.sql in the core jar) installed first.
-- MariaDB commits every ALTER TABLE at once: take a backup, and stop the writers while this runs.
-- Each column becomes the UUID's 36-character text, is rewritten with tsid_to_text, then narrowed to
-- what Hibernate generates for text IDs: varchar of the exact length, ascii, ascii_bin.

-- tag::script[]
ALTER TABLE comment DROP FOREIGN KEY comment_post_fk;

ALTER TABLE post MODIFY id varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL;
UPDATE post SET id = tsid_to_text(id, 'post');
ALTER TABLE post MODIFY id varchar(31) CHARACTER SET ascii COLLATE ascii_bin NOT NULL;

ALTER TABLE comment
	MODIFY id varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
	MODIFY post_id varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL;
UPDATE comment SET id = tsid_to_text(id, 'comment'), post_id = tsid_to_text(post_id, 'post');
ALTER TABLE comment
	MODIFY id varchar(34) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
	MODIFY post_id varchar(31) CHARACTER SET ascii COLLATE ascii_bin NOT NULL;

ALTER TABLE comment ADD CONSTRAINT comment_post_fk FOREIGN KEY (post_id) REFERENCES post (id);
-- end::script[]
