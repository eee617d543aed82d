-- tag::expressions[]
-- TypeID → BINARY(16)
SET @id = 'post_01h455vb4pex5vsknk084sn02q';
SET @d = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
  RIGHT(@id, 26), 'j', 'i'), 'k', 'j'), 'm', 'k'), 'n', 'l'), 'p', 'm'), 'q', 'n'), 'r', 'o'), 's', 'p'), 't', 'q'),
  'v', 'r'), 'w', 's'), 'x', 't'), 'y', 'u'), 'z', 'v');
SELECT * FROM post WHERE id = UNHEX(CONCAT(
  LPAD(CONV(SUBSTRING(@d, 1, 2), 32, 16), 2, '0'), LPAD(CONV(SUBSTRING(@d, 3, 4), 32, 16), 5, '0'),
  LPAD(CONV(SUBSTRING(@d, 7, 4), 32, 16), 5, '0'), LPAD(CONV(SUBSTRING(@d, 11, 4), 32, 16), 5, '0'),
  LPAD(CONV(SUBSTRING(@d, 15, 4), 32, 16), 5, '0'), LPAD(CONV(SUBSTRING(@d, 19, 4), 32, 16), 5, '0'),
  LPAD(CONV(SUBSTRING(@d, 23, 4), 32, 16), 5, '0')));

-- BINARY(16) → TypeID
SELECT CONCAT('post_', REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
  REPLACE(REPLACE(LOWER(CONCAT(
    LPAD(CONV(SUBSTRING(HEX(id), 1, 2), 16, 32), 2, '0'), LPAD(CONV(SUBSTRING(HEX(id), 3, 5), 16, 32), 4, '0'),
    LPAD(CONV(SUBSTRING(HEX(id), 8, 5), 16, 32), 4, '0'), LPAD(CONV(SUBSTRING(HEX(id), 13, 5), 16, 32), 4, '0'),
    LPAD(CONV(SUBSTRING(HEX(id), 18, 5), 16, 32), 4, '0'), LPAD(CONV(SUBSTRING(HEX(id), 23, 5), 16, 32), 4, '0'),
    LPAD(CONV(SUBSTRING(HEX(id), 28, 5), 16, 32), 4, '0'))),
  'v', 'z'), 'u', 'y'), 't', 'x'), 's', 'w'), 'r', 'v'), 'q', 't'), 'p', 's'), 'o', 'r'), 'n', 'q'), 'm', 'p'),
  'l', 'n'), 'k', 'm'), 'j', 'k'), 'i', 'j')) AS id, title
FROM post;
-- end::expressions[]
