package io.github.timesortedid.kotlinjdbcrefused

import io.github.timesortedid.TimeSortedId
import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration
import org.springframework.boot.autoconfigure.AutoConfigurationPackage
import org.springframework.boot.autoconfigure.ImportAutoConfiguration
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration
import org.springframework.context.annotation.Configuration
import org.springframework.data.annotation.Id
import org.springframework.data.jdbc.core.mapping.AggregateReference
import org.springframework.data.relational.core.mapping.Table
import org.springframework.data.repository.CrudRepository

@JvmInline
value class MemberId(val value: String)

@Table
data class Member(@Id @TimeSortedId(prefix = "mbr") val id: MemberId? = null, val name: String)

/** Refers to a member by a plain value class, which Spring Data JDBC writes as null. */
@Table
data class Badge(
	@Id @TimeSortedId(prefix = "bdg") val id: String? = null,
	val member: AggregateReference<Member, MemberId>,
)

interface MemberRepository : CrudRepository<Member, MemberId>

interface BadgeRepository : CrudRepository<Badge, String>

@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
@ImportAutoConfiguration(
	JdbcTemplateAutoConfiguration::class, DataSourceTransactionManagerAutoConfiguration::class,
	DataJdbcRepositoriesAutoConfiguration::class, TimeSortedIdAutoConfiguration::class,
	TimeSortedIdDataJdbcAutoConfiguration::class,
)
class RefusedShopApplication
