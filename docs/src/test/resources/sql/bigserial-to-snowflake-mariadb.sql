-- tag::migration[]
-- MariaDB / MySQL
ALTER TABLE post MODIFY id bigint NOT NULL;         -- drops AUTO_INCREMENT
-- end::migration[]
