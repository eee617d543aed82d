package io.github.timesortedid.kotlin

import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.server.ResponseStatusException
import org.springframework.http.HttpStatus

@SpringBootApplication
class KotlinApplication

/** What the API shows of a reply. */
data class ReplyView(val id: ReplyId, val text: String, val parent: ReplyId?)

/** What a client sends to answer a reply. */
data class NewReply(val text: String, val parent: ReplyId?)

// tag::controller[]
@RestController
class ReplyController(private val replies: ReplyRepository) {

	@PostMapping("/replies")
	fun create(@RequestBody reply: NewReply): ReplyView =
		view(replies.save(Reply(reply.text, reply.parent)))

	@GetMapping("/replies/{id}")
	fun reply(@PathVariable id: ReplyId): ReplyView =
		replies.findById(id).map(::view).orElseThrow { ResponseStatusException(HttpStatus.NOT_FOUND) }

	@GetMapping("/replies")
	fun answers(@RequestParam parent: ReplyId): List<ReplyView> = replies.findByParent(parent).map(::view)

	private fun view(reply: Reply) = ReplyView(reply.id!!, reply.text, reply.parent)
}
// end::controller[]

@RestController
class ArticleController(private val articles: ArticleRepository) {

	@GetMapping("/articles/{id}")
	fun article(@PathVariable id: ArticleId): Article =
		articles.findById(id).orElseThrow { ResponseStatusException(HttpStatus.NOT_FOUND) }
}

@RestController
class TagController(private val tags: TagRepository) {

	@GetMapping("/tags")
	fun tags(@RequestParam ids: List<TagId>, @RequestParam(required = false) replies: List<ReplyId>?): List<String> =
		tags.findAllById(ids).map { it.name }.sorted()
}
