package io.github.timesortedid.kotlin

import io.github.timesortedid.TimeSortedIds
import io.github.timesortedid.id.InvalidIdException
import io.github.timesortedid.insert.InsertConflictException
import io.github.timesortedid.query.IdResolver
import io.github.timesortedid.testsupport.Database
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatExceptionOfType
import org.assertj.core.api.Assertions.assertThatIllegalArgumentException
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.http.HttpStatusCode
import org.springframework.http.MediaType
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.web.client.RestClient
import tools.jackson.databind.json.JsonMapper
import java.time.Instant

/**
 * The Kotlin application as a Kotlin team writes it, on one database: every ID shape of the guide's
 * Kotlin page saved, found by ID, by lists of IDs, by derived and `@Query` methods, inserted retry-safely,
 * paged by time and read over HTTP. One application context per database, shared by the cases.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class KotlinApplicationTests(database: Database) {

	private val context: ConfigurableApplicationContext = SpringApplicationBuilder(KotlinApplication::class.java)
		.initializers({ it.beanFactory.registerSingleton("dataSource", database.newDatabase()) })
		.properties(mapOf("spring.jpa.hibernate.ddl-auto" to "create", "server.port" to "0"))
		.run()

	private val jdbc = JdbcTemplate(context.getBean(javax.sql.DataSource::class.java))

	private val http = RestClient.create("http://localhost:" + (context as WebServerApplicationContext).webServer!!.port)

	private val json = context.getBean(JsonMapper::class.java)

	private val ids = context.getBean(TimeSortedIds::class.java)

	private val replies = context.getBean(ReplyRepository::class.java)

	private val tags = context.getBean(TagRepository::class.java)

	@AfterAll
	fun close() = context.close()

	@Test
	fun valueClassTypedIdsAreStoredWithTheirPrefix() {
		val reply = replies.save(Reply("first"))
		assertThat(reply.id!!.value).startsWith("reply_")
		assertThat(jdbc.queryForList("select id from reply", String::class.java)).allMatch { it!!.startsWith("reply_") }
	}

	@Test
	fun valueClassTypedIdsAreFoundByEveryRepositoryMethod() {
		val first = replies.save(Reply("first"))
		val second = replies.save(Reply("second", parent = first.id))
		val third = replies.save(Reply("third", parent = first.id))
		assertThat(replies.findById(first.id!!).map { it.text }).hasValue("first")
		assertThat(replies.existsById(second.id!!)).isTrue()
		assertThat(replies.findAllById(listOf(first.id!!, third.id!!)).map { it.text }).containsExactlyInAnyOrder("first", "third")
		assertThat(replies.findByIdIn(setOf(second.id!!, third.id!!)).map { it.text }).containsExactlyInAnyOrder("second", "third")
		assertThat(replies.findByParent(first.id!!).map { it.text }).containsExactly("second", "third")
		assertThat(replies.thread(first.id!!).map { it.text }).containsExactly("first", "second", "third")
		assertThat(replies.selected(listOf(third.id!!, first.id!!)).map { it.text }).containsExactly("first", "third")
		assertThat(replies.findPageAfter(first.id, 2).map { it.text }).containsExactly("second", "third")
		assertThat(replies.findPageBefore(third.id, 2).map { it.text }).containsExactly("second", "first")
		replies.deleteById(third.id!!)
		assertThat(replies.findById(third.id!!)).isEmpty()
	}

	@Test
	fun valueClassTypedIdsKeepTimeRanges() {
		val from = Instant.now()
		val saved = replies.save(Reply("in range"))
		assertThat(replies.findCreatedBetween(from, Instant.now().plusSeconds(1)).map { it.id }).contains(saved.id)
		assertThat(replies.findCreatedSince(Instant.now().plusSeconds(3600))).isEmpty()
	}

	@Test
	fun valueClassTypedIdsInsertRetrySafely() {
		// tag::insert[]
		val id: ReplyId = ids.next(Reply::class.java)
		val first = replies.insert(Reply("once").apply { this.id = id })
		assertThat(first.created()).isTrue()
		val replay = replies.insert(Reply("once").apply { this.id = id })
		assertThat(replay.alreadyExisted()).isTrue()
		assertThatExceptionOfType(InsertConflictException::class.java)
			.isThrownBy { replies.insert(Reply("other text").apply { this.id = id }) }
			.satisfies({ assertThat(it.differingAttributes).containsExactly("text") })
		// end::insert[]
	}

	@Test
	fun valueClassTypedIdsAreParsedWithTheirFormat() {
		val saved = replies.save(Reply("parsed"))
		assertThat(ids.parse(ReplyId::class.java, saved.id!!.value)).isEqualTo(saved.id)
		assertThatExceptionOfType(InvalidIdException::class.java)
			.isThrownBy { ids.parse(ReplyId::class.java, "post_01m8dfq2esfbc8g9vg2cjhv7xq") }
			.withMessageContaining("expected an ID starting with 'reply_'")
		assertThatExceptionOfType(InvalidIdException::class.java)
			.isThrownBy { ids.parse(ReplyId::class.java, "reply_01m8") }
			.withMessageContaining("not a ReplyId")
		val next: ReplyId = ids.next(Reply::class.java)
		assertThat(next.value).startsWith("reply_")
	}

	@Test
	fun anIdResolvesToItsEntityWithSpringDataJdbcOnTheClasspathToo() {
		// this module has the Spring Data JDBC starter too, as an application that added both starters
		val saved = replies.save(Reply("resolved"))
		val found = context.getBean(IdResolver::class.java).find(saved.id!!.value)
		assertThat(found).hasValueSatisfying { assertThat((it as Reply).text).isEqualTo("resolved") }
	}

	@Test
	fun valueClassesAreIdTypesForIdsNext() {
		val reply: ReplyId = ids.next(ReplyId::class.java)
		assertThat(reply.value).startsWith("reply_")
		val tag: TagId = ids.next(TagId::class.java)
		assertThat(tag.value).startsWith("tag_")
		assertThatIllegalArgumentException().isThrownBy { ids.next<Any>(String::class.java) }
			.withMessageContaining("ReplyId").withMessageContaining("TagId")
	}

	@Test
	fun plainValueClassIdsAreFoundByEveryRepositoryMethod() {
		val kotlin = tags.save(Tag("kotlin"))
		val java = tags.save(Tag("java"))
		assertThat(kotlin.id!!.value).startsWith("tag_")
		assertThat(tags.findById(kotlin.id!!).map { it.name }).hasValue("kotlin")
		assertThat(tags.findAllById(listOf(kotlin.id!!, java.id!!))).hasSize(2)
		assertThat(tags.findByIdIn(listOf(java.id!!)).map { it.name }).containsExactly("java")
		assertThat(tags.findPageAfter(kotlin.id, 1).map { it.name }).containsExactly("java")
	}

	@Test
	fun valueClassIdsStoredAsBinaryKeepTheirPrefix() {
		val attachments = context.getBean(AttachmentRepository::class.java)
		val saved = attachments.save(Attachment("report.pdf"))
		assertThat(saved.id!!.value).startsWith("file_")
		assertThat(attachments.findById(saved.id!!).map { it.name }).hasValue("report.pdf")
		assertThat(attachments.findPageAfter(null, 5).map { it.id }).containsExactly(saved.id)
		val type = jdbc.queryForObject("select data_type from information_schema.columns "
			+ "where lower(table_name) = 'attachment' and lower(column_name) = 'id'", String::class.java)
		assertThat(type!!.lowercase()).doesNotContain("char")
	}

	@Test
	fun dataClassTypedIdsCheckTheirPrefixAndAreTheirText() {
		val id = ArticleId("art_01m8dfq2esfbc8g9vg2cjhv7xq")
		assertThat("$id").isEqualTo("art_01m8dfq2esfbc8g9vg2cjhv7xq")
		assertThat(id).isEqualTo(ArticleId("art_01m8dfq2esfbc8g9vg2cjhv7xq")).hasSameHashCodeAs(ArticleId(id.value))
		assertThat(id.copy(value = "art_01m8dfq2esfbc8g9vg2cjhv7xr")).isNotEqualTo(id)
		assertThatExceptionOfType(InvalidIdException::class.java)
			.isThrownBy { ArticleId("post_01m8dfq2esfbc8g9vg2cjhv7xq") }
			.withMessageContaining("not an ArticleId: expected an ID starting with 'art_'")
		assertThat(json.writeValueAsString(mapOf("id" to id))).isEqualTo("""{"id":"art_01m8dfq2esfbc8g9vg2cjhv7xq"}""")
		assertThat(json.readValue("\"art_01m8dfq2esfbc8g9vg2cjhv7xq\"", ArticleId::class.java)).isEqualTo(id)
	}

	@Test
	fun dataClassTypedIdsWork() {
		val articles = context.getBean(ArticleRepository::class.java)
		val saved = articles.save(Article("Kotlin"))
		assertThat(saved.id.toString()).startsWith("art_").isEqualTo(saved.id!!.value)
		assertThat(articles.findById(saved.id!!).map { it.title }).hasValue("Kotlin")
		assertThat(articles.findByIdIn(listOf(saved.id!!))).hasSize(1)
		assertThat(articles.findPageAfter(null, 1).map { it.id }).containsExactly(saved.id)
		val replay = articles.insert(Article("Kotlin").apply { id = saved.id })
		assertThat(replay.alreadyExisted()).isTrue()
	}

	@Test
	fun propertiesOfEveryKotlinFormGetIds() {
		val note = context.getBean(NoteRepository::class.java).save(Note("lateinit"))
		assertThat(note.id).startsWith("note_")
		val comment = context.getBean(CommentRepository::class.java).save(Comment("constructor val"))
		assertThat(comment.id).startsWith("cmt_")
		val events = context.getBean(EventRepository::class.java)
		val event = events.save(Event("snowflake"))
		assertThat(event.id).isPositive()
		assertThat(events.findById(event.id!!).map { it.name }).hasValue("snowflake")
	}

	@Test
	fun valueClassIdsTravelOverHttp() {
		val created = json.readTree(http.post().uri("/replies").contentType(MediaType.APPLICATION_JSON)
			.body("""{"text":"over http"}""").retrieve().body(String::class.java))
		val id = created["id"].asString()
		assertThat(id).startsWith("reply_")
		val answer = json.readTree(http.post().uri("/replies").contentType(MediaType.APPLICATION_JSON)
			.body("""{"text":"answer","parent":"$id"}""").retrieve().body(String::class.java))
		assertThat(answer["parent"].asString()).isEqualTo(id)
		val read = json.readTree(http.get().uri("/replies/{id}", id).retrieve().body(String::class.java))
		assertThat(read["text"].asString()).isEqualTo("over http")
		val answers = json.readTree(http.get().uri("/replies?parent={id}", id).retrieve().body(String::class.java))
		val texts = (0 until answers.size()).map { answers[it]["text"].asString() }
		assertThat(texts).containsExactly("answer")
		// the handler takes the String under a mangled name, so the typed-ID converter is not asked and an ID of
		// another type is not refused at the edge: it finds nothing (the guide's Kotlin page says so)
		assertThat(status("/replies/post_01m8dfq2esfbc8g9vg2cjhv7xq")).isEqualTo(HttpStatusCode.valueOf(404))
		assertThat(status("/articles/post_01m8dfq2esfbc8g9vg2cjhv7xq")).isEqualTo(HttpStatusCode.valueOf(400))
		assertThat(status("/replies/reply_01m8dfq2esfbc8g9vg2cjhv7xq")).isEqualTo(HttpStatusCode.valueOf(404))
	}

	@Test
	fun valueClassListsAreRequestParameters() {
		val kotlin = tags.save(Tag("kotlin over http")).id!!.value
		val java = tags.save(Tag("java over http")).id!!.value
		val names = json.readTree(http.get().uri("/tags?ids={a}&ids={b}", kotlin, java).retrieve().body(String::class.java))
		assertThat((0 until names.size()).map { names[it].asString() }).containsExactly("java over http", "kotlin over http")
		// a typed value class in a list is checked as a typed ID is: another type's ID is a 400
		assertThat(status("/tags?ids=$kotlin&replies=post_01m8dfq2esfbc8g9vg2cjhv7xq")).isEqualTo(HttpStatusCode.valueOf(400))
	}

	private fun status(path: String): HttpStatusCode =
		http.get().uri(path).exchange { _, response -> response.statusCode }

}

class KotlinH2Tests : KotlinApplicationTests(Database.H2)

class KotlinPostgreSqlTests : KotlinApplicationTests(Database.POSTGRESQL)
