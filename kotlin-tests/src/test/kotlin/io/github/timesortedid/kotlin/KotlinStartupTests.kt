package io.github.timesortedid.kotlin

import io.github.timesortedid.kotlinrefused.RefusedApplication
import io.github.timesortedid.model.KotlinValueClasses
import io.github.timesortedid.model.TimeSortedIdConfigurationException
import io.github.timesortedid.testsupport.Database
import io.github.timesortedid.testsupport.FailureAnalyses
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatExceptionOfType
import org.assertj.core.api.Assertions.catchThrowable
import org.junit.jupiter.api.Test
import org.springframework.boot.WebApplicationType
import org.springframework.boot.builder.SpringApplicationBuilder
import java.net.URLClassLoader

/** What startup refuses in a Kotlin application, and what it reads of Kotlin's types. */
class KotlinStartupTests {

	@Test
	fun aValueClassWithAPrefixHoldingANumberIsRefusedAtStartup() {
		val failure = catchThrowable {
			SpringApplicationBuilder(RefusedApplication::class.java).web(WebApplicationType.NONE)
				.initializers({ it.beanFactory.registerSingleton("dataSource", Database.H2.newDatabase()) })
				.properties(mapOf("spring.jpa.hibernate.ddl-auto" to "create"))
				.run()
				.close()
		}
		val analysis = FailureAnalyses.of(failure)
		assertThat(analysis.description).startsWith("Entity 'Counter', attribute 'id' is an io.github.timesortedid.kotlinrefused.CounterId, "
			+ "a Kotlin value class with a prefix holding a long, but prefixed IDs are text.")
		assertThat(analysis.action).contains("data class PostId(val value: String) : AbstractTypedId(value)")
	}

	@Test
	fun theValueClassOfAPropertyIsReadFromKotlinsMetadata() {
		assertThat(KotlinValueClasses.declaredValueClass(Reply::class.java, "id")).isEqualTo(ReplyId::class.java)
		assertThat(KotlinValueClasses.declaredValueClass(Reply::class.java, "parent")).isEqualTo(ReplyId::class.java)
		assertThat(KotlinValueClasses.declaredValueClass(Tag::class.java, "id")).isEqualTo(TagId::class.java)
		assertThat(KotlinValueClasses.declaredValueClass(Article::class.java, "id")).isNull()
		assertThat(KotlinValueClasses.declaredValueClass(Reply::class.java, "text")).isNull()
		assertThat(KotlinValueClasses.isValueClass(ReplyId::class.java)).isTrue()
		assertThat(KotlinValueClasses.isValueClass(ArticleId::class.java)).isFalse()
		assertThat(KotlinValueClasses.unbox(ReplyId("reply_1"))).isEqualTo("reply_1")
		assertThat(KotlinValueClasses.box(TagId::class.java, "tag_1")).isEqualTo(TagId("tag_1"))
	}

	@Test
	fun withoutKotlinReflectAValueClassPropertyIsRefused() {
		// the application's classes and Kotlin's standard library, without kotlin-reflect
		val urls = arrayOf(Reply::class.java.protectionDomain.codeSource.location,
			KotlinVersion::class.java.protectionDomain.codeSource.location)
		URLClassLoader(urls, ClassLoader.getPlatformClassLoader()).use { loader ->
			val reply = loader.loadClass(Reply::class.java.name)
			assertThatExceptionOfType(TimeSortedIdConfigurationException::class.java)
				.isThrownBy { KotlinValueClasses.declaredValueClass(reply, "id") }
				.withMessageContaining("is declared with a Kotlin value class, which only kotlin-reflect can see")
			assertThat(KotlinValueClasses.declaredValueClass(loader.loadClass(Note::class.java.name), "id")).isNull()
		}
	}

}
