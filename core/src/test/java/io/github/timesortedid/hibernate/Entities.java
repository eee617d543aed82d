package io.github.timesortedid.hibernate;

import java.util.UUID;

import io.github.timesortedid.TimeSortedId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** Entities for the plain-Hibernate tests. */
final class Entities {

	private Entities() {
	}

	@Entity(name = "Post")
	static class Post {

		@Id
		@TimeSortedId(prefix = "post")
		String id;

		@TimeSortedId(prefix = "pub", algorithm = "random")
		@Column(name = "public_id")
		String publicId;

		String title;

	}

	@Entity(name = "Tweet")
	static class Tweet {

		@Id
		@TimeSortedId(algorithm = "snowflake")
		Long id;

		String text;

	}

	@Entity(name = "Counter")
	static class Counter {

		@Id
		@TimeSortedId(algorithm = "snowflake")
		long id;

	}

	@Entity(name = "Document")
	static class Document {

		@Id
		@TimeSortedId
		UUID id;

	}

	@Entity(name = "Article")
	static class Article {

		@Id
		@TimeSortedId(prefix = "post")
		String id;

	}

	@Entity(name = "Cramped")
	static class Cramped {

		@Id
		@TimeSortedId(prefix = "cramped")
		@Column(length = 20)
		String id;

	}

	@Entity(name = "Numbered")
	static class Numbered {

		@Id
		@TimeSortedId
		Integer id;

	}

	@Entity(name = "WrongAlgorithm")
	static class WrongAlgorithm {

		@Id
		@TimeSortedId(algorithm = "uuidv7")
		Long id;

	}

	@Entity(name = "BadPrefix")
	static class BadPrefix {

		@Id
		@TimeSortedId(prefix = "Bad-Prefix")
		String id;

	}

	@Entity(name = "UnknownAlgorithm")
	static class UnknownAlgorithm {

		@Id
		@TimeSortedId(algorithm = "uuid7")
		String id;

	}

	@Entity(name = "Ticket")
	static class Ticket {

		@Id
		@TimeSortedId
		TicketId id;

		String subject;

	}

	@Entity(name = "Queue")
	static class Queue {

		@Id
		@TimeSortedId(prefix = "queue", algorithm = "random")
		String id;

	}

}
