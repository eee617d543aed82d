-- tag::migration[]
-- PostgreSQL
ALTER TABLE post ALTER COLUMN id DROP DEFAULT;      -- bigserial
ALTER TABLE post ALTER COLUMN id DROP IDENTITY IF EXISTS;
DROP SEQUENCE IF EXISTS post_id_seq;
-- end::migration[]
