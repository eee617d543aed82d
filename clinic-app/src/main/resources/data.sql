-- Seed rows of the clinic. Hibernate creates the tables (spring.jpa.defer-datasource-initialization=true
-- runs this script after it). The keys are application-assigned, so there is no identity default to
-- fall back on: every row names its ID. They were minted once, by the uuidv7 algorithm with a fixed
-- clock (TimeSortedIds.nextWithPrefix("owner") in a running app does the same with the current time),
-- so their time part puts the seed rows before everything the application creates later.

INSERT INTO specialties (id, name) VALUES ('spec_01ke6jq301ea1v3mvn9vgxj302', 'cardiology');
INSERT INTO specialties (id, name) VALUES ('spec_01ke6jq302fgcs024q9ymmfwm3', 'dentistry');
INSERT INTO specialties (id, name) VALUES ('spec_01ke6jq303f8dtt29v3kf5wjbx', 'radiology');
INSERT INTO specialties (id, name) VALUES ('spec_01ke6jq304ed2ahhajaceqfvcd', 'surgery');

INSERT INTO vets (id, first_name, last_name) VALUES ('vet_01ke6jrxk1feass25x0e3x6xdy', 'Amara', 'Okafor');
INSERT INTO vets (id, first_name, last_name) VALUES ('vet_01ke6jrxk2e0bba4qqgg6b2c0e', 'Tomas', 'Reyes');
INSERT INTO vets (id, first_name, last_name) VALUES ('vet_01ke6jrxk3f0c8cz7tsnjy2dnr', 'Ingrid', 'Lund');
INSERT INTO vets (id, first_name, last_name) VALUES ('vet_01ke6jrxk4f9qsd98cghe6ayzf', 'Kenji', 'Watanabe');
INSERT INTO vets (id, first_name, last_name) VALUES ('vet_01ke6jrxk5fcq9zv16gg3gp46z', 'Priya', 'Raman');
INSERT INTO vets (id, first_name, last_name) VALUES ('vet_01ke6jrxk6f4xr6h1zmxp5kf90', 'Louis', 'Mercier');

INSERT INTO vet_specialties (vet_id, specialty_id) VALUES ('vet_01ke6jrxk2e0bba4qqgg6b2c0e', 'spec_01ke6jq303f8dtt29v3kf5wjbx');
INSERT INTO vet_specialties (vet_id, specialty_id) VALUES ('vet_01ke6jrxk3f0c8cz7tsnjy2dnr', 'spec_01ke6jq304ed2ahhajaceqfvcd');
INSERT INTO vet_specialties (vet_id, specialty_id) VALUES ('vet_01ke6jrxk3f0c8cz7tsnjy2dnr', 'spec_01ke6jq302fgcs024q9ymmfwm3');
INSERT INTO vet_specialties (vet_id, specialty_id) VALUES ('vet_01ke6jrxk4f9qsd98cghe6ayzf', 'spec_01ke6jq304ed2ahhajaceqfvcd');
INSERT INTO vet_specialties (vet_id, specialty_id) VALUES ('vet_01ke6jrxk5fcq9zv16gg3gp46z', 'spec_01ke6jq301ea1v3mvn9vgxj302');

INSERT INTO types (id, name) VALUES ('type_01ke6jtr61fgwbbh38n7x6t145', 'bird');
INSERT INTO types (id, name) VALUES ('type_01ke6jtr62epmrabt025tq05qs', 'cat');
INSERT INTO types (id, name) VALUES ('type_01ke6jtr63f30rqpqwj7t2c8bn', 'dog');
INSERT INTO types (id, name) VALUES ('type_01ke6jtr64f7wvshf54c3v8bx1', 'hamster');
INSERT INTO types (id, name) VALUES ('type_01ke6jtr65ftarzq6t8znqd4cg', 'lizard');
INSERT INTO types (id, name) VALUES ('type_01ke6jtr66ens9h6hftk23ngy9', 'snake');

INSERT INTO owners (id, first_name, last_name, address, city, telephone) VALUES ('owner_01ke6p4ym0e09rnn6zt1c0x5s2', 'Marta', 'Novak', '14 Linden Lane', 'Fairview', '6085551023');
INSERT INTO owners (id, first_name, last_name, address, city, telephone) VALUES ('owner_01ke6p6s70e2xb5j6h8m7ebxhq', 'Samuel', 'Adeyemi', '220 Harbor Road', 'Westport', '6085552749');
INSERT INTO owners (id, first_name, last_name, address, city, telephone) VALUES ('owner_01ke6p8kt0f2stkmsjx28jmz65', 'Lucia', 'Ferreira', '8 Orchard Close', 'Fairview', '6085553198');
INSERT INTO owners (id, first_name, last_name, address, city, telephone) VALUES ('owner_01ke6paed0fb3869tgcv7a35xs', 'Henrik', 'Novak', '51 Mill Street', 'Riverton', '6085554410');
INSERT INTO owners (id, first_name, last_name, address, city, telephone) VALUES ('owner_01ke6pc900f7d8rh6trv82nvsx', 'Aiko', 'Tanaka', '77 Birch Avenue', 'Westport', '6085555632');
INSERT INTO owners (id, first_name, last_name, address, city, telephone) VALUES ('owner_01ke6pe3k0efkrtvgtrc1add7a', 'Daniel', 'Okoro', '3 Quarry Hill', 'Riverton', '6085556871');
INSERT INTO owners (id, first_name, last_name, address, city, telephone) VALUES ('owner_01ke6pfy60fb7t5t3mjat4b9xe', 'Rosa', 'Delgado', '190 Station Road', 'Fairview', '6085557305');
INSERT INTO owners (id, first_name, last_name, address, city, telephone) VALUES ('owner_01ke6phrs0f8qr7qsffff084pz', 'Colm', 'Byrne', '12 Ferry Lane', 'Westport', '6085558842');

INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6sjt80fz599xv8c51n3pyh', 'Pepper', '2019-03-14', 'type_01ke6jtr62epmrabt025tq05qs', 'owner_01ke6p4ym0e09rnn6zt1c0x5s2');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6smmv0e5yr09webwha4my7', 'Biscuit', '2021-07-02', 'type_01ke6jtr63f30rqpqwj7t2c8bn', 'owner_01ke6p4ym0e09rnn6zt1c0x5s2');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6spfe0eysv6jp20h5eka7t', 'Kiwi', '2022-11-20', 'type_01ke6jtr61fgwbbh38n7x6t145', 'owner_01ke6p6s70e2xb5j6h8m7ebxhq');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6sra10e20b56rtbwfjg8r5', 'Nacho', '2018-05-09', 'type_01ke6jtr65ftarzq6t8znqd4cg', 'owner_01ke6p8kt0f2stkmsjx28jmz65');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6st4m0e8h9zmybmwss4f2f', 'Luna', '2020-01-30', 'type_01ke6jtr62epmrabt025tq05qs', 'owner_01ke6paed0fb3869tgcv7a35xs');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6svz70exzv874mm4encsg7', 'Mochi', '2023-04-18', 'type_01ke6jtr64f7wvshf54c3v8bx1', 'owner_01ke6pc900f7d8rh6trv82nvsx');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6sxst0fjtr2hhad73v1dbs', 'Rex', '2017-09-25', 'type_01ke6jtr63f30rqpqwj7t2c8bn', 'owner_01ke6pe3k0efkrtvgtrc1add7a');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6szmd0fb29pda2ry58yyzn', 'Slinky', '2021-02-11', 'type_01ke6jtr66ens9h6hftk23ngy9', 'owner_01ke6pe3k0efkrtvgtrc1add7a');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6t1f00ftjrbg7yhwsq0mrv', 'Olive', '2022-06-06', 'type_01ke6jtr63f30rqpqwj7t2c8bn', 'owner_01ke6pfy60fb7t5t3mjat4b9xe');
INSERT INTO pets (id, name, birth_date, type_id, owner_id) VALUES ('pet_01ke6t39k0f2mrmnee6fjxxysz', 'Toast', '2020-10-10', 'type_01ke6jtr62epmrabt025tq05qs', 'owner_01ke6phrs0f8qr7qsffff084pz');

INSERT INTO visits (id, pet_id, visit_date, description) VALUES ('visit_01kgj3pv00f4n9ce3pphz9xgy9', 'pet_01ke6sjt80fz599xv8c51n3pyh', '2026-02-03', 'annual vaccinations');
INSERT INTO visits (id, pet_id, visit_date, description) VALUES ('visit_01kh44fw00fxrrbbq7qh6kbsyn', 'pet_01ke6smmv0e5yr09webwha4my7', '2026-02-10', 'limping on the front left leg');
INSERT INTO visits (id, pet_id, visit_date, description) VALUES ('visit_01kjn21h00fhvaeswrnd79144c', 'pet_01ke6st4m0e8h9zmybmwss4f2f', '2026-03-01', 'dental cleaning');
INSERT INTO visits (id, pet_id, visit_date, description) VALUES ('visit_01kks3kk00e0v87rcx135xrptc', 'pet_01ke6sjt80fz599xv8c51n3pyh', '2026-03-15', 'follow-up after the vaccinations');
