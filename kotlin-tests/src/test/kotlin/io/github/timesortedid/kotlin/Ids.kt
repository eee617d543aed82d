package io.github.timesortedid.kotlin

import io.github.timesortedid.AbstractTypedId
import io.github.timesortedid.IdPrefix
import io.github.timesortedid.TypedId

// tag::typed-id[]
@IdPrefix("art")
data class ArticleId(val value: String) : AbstractTypedId(value)
// end::typed-id[]

// tag::value-class-typed[]
@JvmInline
@IdPrefix("reply")
value class ReplyId(val value: String) : TypedId {
	override fun value() = value

	override fun toString() = value
}
// end::value-class-typed[]

// tag::value-class-plain[]
@JvmInline
value class TagId(val value: String)
// end::value-class-plain[]

@JvmInline
@IdPrefix("file")
value class AttachmentId(val value: String) : TypedId {
	override fun value() = value

	override fun toString() = value
}
