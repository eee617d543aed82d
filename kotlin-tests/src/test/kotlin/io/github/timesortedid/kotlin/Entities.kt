package io.github.timesortedid.kotlin

import io.github.timesortedid.IdStorage
import io.github.timesortedid.TimeSortedId
import jakarta.persistence.Entity
import jakarta.persistence.Id

// tag::var[]
@Entity
class Article(var title: String) {
	@Id
	@TimeSortedId
	var id: ArticleId? = null
}
// end::var[]

// tag::lateinit[]
@Entity
class Note(var text: String) {
	@Id
	@TimeSortedId(prefix = "note")
	lateinit var id: String
}
// end::lateinit[]

// tag::constructor-val[]
@Entity
class Comment(
	var text: String,
	@Id @TimeSortedId(prefix = "cmt") val id: String? = null,
)
// end::constructor-val[]

// tag::snowflake[]
@Entity
class Event(var name: String) {
	@Id
	@TimeSortedId(algorithm = "snowflake")
	var id: Long? = null
}
// end::snowflake[]

// tag::value-class-entity[]
@Entity
class Reply(var text: String, var parent: ReplyId? = null) {
	@Id
	@TimeSortedId
	var id: ReplyId? = null
}
// end::value-class-entity[]

@Entity
class Tag(var name: String) {
	@Id
	@TimeSortedId(prefix = "tag")
	var id: TagId? = null
}

@Entity
class Attachment(var name: String) {
	@Id
	@TimeSortedId(storage = IdStorage.BINARY, algorithm = "ulid")
	var id: AttachmentId? = null
}
