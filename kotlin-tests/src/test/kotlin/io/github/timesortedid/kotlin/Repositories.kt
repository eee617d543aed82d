package io.github.timesortedid.kotlin

import io.github.timesortedid.insert.InsertRepository
import io.github.timesortedid.query.TimeRangeRepository
import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.jpa.repository.Query

interface ArticleRepository : JpaRepository<Article, ArticleId>, InsertRepository<Article>,
	TimeRangeRepository<Article, ArticleId> {
	fun findByIdIn(ids: Collection<ArticleId>): List<Article>
}

interface NoteRepository : JpaRepository<Note, String>, InsertRepository<Note>

interface CommentRepository : JpaRepository<Comment, String>

interface EventRepository : JpaRepository<Event, Long>, InsertRepository<Event>

// tag::value-class-repository[]
interface ReplyRepository : JpaRepository<Reply, ReplyId>, InsertRepository<Reply>,
	TimeRangeRepository<Reply, ReplyId> {
	fun findByIdIn(ids: Collection<ReplyId>): List<Reply>

	fun findByParent(parent: ReplyId): List<Reply>

	@Query("select r from Reply r where r.parent = :parent or r.id = :parent order by r.id")
	fun thread(parent: ReplyId): List<Reply>

	@Query("select r from Reply r where r.id in :ids order by r.id")
	fun selected(ids: List<ReplyId>): List<Reply>
}
// end::value-class-repository[]

interface TagRepository : JpaRepository<Tag, TagId>, TimeRangeRepository<Tag, TagId> {
	fun findByIdIn(ids: Collection<TagId>): List<Tag>
}

interface AttachmentRepository : JpaRepository<Attachment, AttachmentId>, TimeRangeRepository<Attachment, AttachmentId>
