-- tag::keys[]
UPDATE comment c SET new_post_id = p.new_id FROM post p WHERE c.post_id = p.id;
ALTER TABLE comment DROP CONSTRAINT comment_post_id_fkey, DROP COLUMN post_id;
ALTER TABLE post DROP CONSTRAINT post_pkey, DROP COLUMN id;
ALTER TABLE post RENAME COLUMN new_id TO id;
ALTER TABLE post ALTER COLUMN id SET NOT NULL, ADD PRIMARY KEY (id);
ALTER TABLE comment RENAME COLUMN new_post_id TO post_id;
ALTER TABLE comment ALTER COLUMN post_id SET NOT NULL,
  ADD FOREIGN KEY (post_id) REFERENCES post (id);
-- end::keys[]
