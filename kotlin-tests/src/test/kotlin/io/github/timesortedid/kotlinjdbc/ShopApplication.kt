package io.github.timesortedid.kotlinjdbc

import io.github.timesortedid.autoconfigure.TimeSortedIdAutoConfiguration
import io.github.timesortedid.autoconfigure.TimeSortedIdDataJdbcAutoConfiguration
import org.springframework.boot.autoconfigure.AutoConfigurationPackage
import org.springframework.boot.autoconfigure.ImportAutoConfiguration
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration
import org.springframework.context.annotation.Configuration

/** A shop on Spring Data JDBC, written in Kotlin: its package holds the aggregates and repositories. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
@ImportAutoConfiguration(
	JdbcTemplateAutoConfiguration::class, DataSourceTransactionManagerAutoConfiguration::class,
	DataJdbcRepositoriesAutoConfiguration::class, TimeSortedIdAutoConfiguration::class,
	TimeSortedIdDataJdbcAutoConfiguration::class,
)
class ShopApplication {

	companion object {
		/** The tables, as the user writes them; `{bytes}` is the database's byte-wise collation. */
		const val DDL = """
			create table cart (id varchar(31){bytes} primary key, owner varchar(100), version bigint);
			create table cart_item (id varchar(31){bytes} primary key, cart varchar(31){bytes} not null,
				cart_key int not null, sku varchar(40), quantity int);
			create table receipt (id varchar(31){bytes} primary key, cart varchar(31){bytes}, cents bigint);
			create table voucher (id varchar(30){bytes} primary key, code varchar(40));
			create table coupon (id varchar(30){bytes} primary key, percent int);
			create table ticket (id varchar(30){bytes} primary key, title varchar(100))
			"""
	}
}
