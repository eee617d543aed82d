create table ticket (id varchar(40) primary key, title varchar(200));
create table ticket_line (id varchar(40) primary key, ticket varchar(40) not null, ticket_key int not null, text varchar(200));
