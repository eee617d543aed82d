-- MARIADB: the tables of Branch (branch)
create table `branch` (
  `id` uuid not null,
  `name` varchar(255),
  primary key (`id`)
);
-- MARIADB: the tables of Loan (loan, loan_item, loan_note)
create table `loan` (
  `id` varchar(31) CHARACTER SET ascii COLLATE ascii_bin not null,
  `reader_name` varchar(255),
  `term_starts` date,
  `term_ends` date,
  `opened_at` datetime(6),
  `branch` uuid,
  primary key (`id`)
);
create table `loan_item` (
  `loan_ref` varchar(31) CHARACTER SET ascii COLLATE ascii_bin not null,
  `item_index` integer not null,
  `id` varchar(31) CHARACTER SET ascii COLLATE ascii_bin not null,
  `title` varchar(255),
  `copies` integer not null,
  primary key (`id`)
);
create table `loan_note` (
  `loan` varchar(31) CHARACTER SET ascii COLLATE ascii_bin not null,
  `loan_key` varchar(255) not null,
  `body` varchar(255),
  primary key (`loan`, `loan_key`)
);
create index `loan_item_loan_ref_idx` on `loan_item` (`loan_ref`);
