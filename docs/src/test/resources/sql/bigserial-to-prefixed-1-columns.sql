-- tag::columns[]
ALTER TABLE post ADD COLUMN new_id varchar(31) COLLATE "C";
ALTER TABLE comment ADD COLUMN new_post_id varchar(31) COLLATE "C";
-- end::columns[]
