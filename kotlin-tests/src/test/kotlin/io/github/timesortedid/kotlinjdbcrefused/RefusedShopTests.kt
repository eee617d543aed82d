package io.github.timesortedid.kotlinjdbcrefused

import io.github.timesortedid.testsupport.Database
import io.github.timesortedid.testsupport.FailureAnalyses
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.boot.test.context.runner.ApplicationContextRunner
import javax.sql.DataSource

/**
 * An `AggregateReference` whose ID is a plain value class: Spring Data JDBC has no way to write it and
 * stores null, so startup refuses it, naming the attribute and the forms that work.
 */
class RefusedShopTests {

	@Test
	fun aReferenceByAPlainValueClassFailsStartup() {
		ApplicationContextRunner()
			.withBean(DataSource::class.java, { Database.H2.newDatabase() })
			.withUserConfiguration(RefusedShopApplication::class.java)
			.withPropertyValues("time-sorted-id.schema-check.enabled=false")
			.run { context ->
				assertThat(context).hasFailed()
				val analysis = FailureAnalyses.of(context.startupFailure)
				assertThat(analysis.description).contains("Badge.member")
					.contains("AggregateReference<Member, MemberId>")
					.contains("plain value class")
				assertThat(analysis.action).contains("AbstractTypedId").contains("AggregateReference<Member, String>")
			}
	}
}
