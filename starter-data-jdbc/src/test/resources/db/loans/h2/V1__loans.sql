-- H2: the tables of Branch (branch)
create table "BRANCH" (
  "ID" uuid not null,
  "NAME" varchar(255),
  primary key ("ID")
);
-- H2: the tables of Loan (loan, loan_item, loan_note)
create table "LOAN" (
  "ID" varchar(31) not null,
  "reader_name" varchar(255),
  "TERM_STARTS" date,
  "TERM_ENDS" date,
  "OPENED_AT" timestamp(6) with time zone,
  "BRANCH" uuid,
  primary key ("ID")
);
create table "LOAN_ITEM" (
  "loan_ref" varchar(31) not null,
  "item_index" integer not null,
  "ID" varchar(31) not null,
  "TITLE" varchar(255),
  "COPIES" integer not null,
  primary key ("ID")
);
create table "LOAN_NOTE" (
  "LOAN" varchar(31) not null,
  "LOAN_KEY" varchar(255) not null,
  "BODY" varchar(255),
  primary key ("LOAN", "LOAN_KEY")
);
create index "LOAN_ITEM_LOAN_REF_IDX" on "LOAN_ITEM" ("loan_ref");
