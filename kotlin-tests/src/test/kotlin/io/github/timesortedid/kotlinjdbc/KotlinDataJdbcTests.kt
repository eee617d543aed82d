package io.github.timesortedid.kotlinjdbc

import io.github.timesortedid.TimeSortedIds
import io.github.timesortedid.insert.InsertConflictException
import io.github.timesortedid.model.DatabaseKind
import io.github.timesortedid.testsupport.Database
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatExceptionOfType
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.data.jdbc.core.mapping.AggregateReference
import org.springframework.jdbc.core.JdbcTemplate
import javax.sql.DataSource

/**
 * Kotlin aggregates on Spring Data JDBC, as a Kotlin team writes them: immutable data classes with
 * `val id: ... ? = null` (Spring Data JDBC saves a copy with the ID), a typed ID of one line, entities
 * with IDs of their own inside the aggregate, `@Version`, a reference between aggregates, a mutable class
 * with `var`s, and the retry-safe `insert()`. One application per database, shared by the cases.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class KotlinDataJdbcTests(database: Database) {

	private val dataSource: DataSource = database.newDatabase().also { create(it) }

	private val context = AnnotationConfigApplicationContext().apply {
		registerBean(DataSource::class.java, java.util.function.Supplier { dataSource })
		register(ShopApplication::class.java)
		refresh()
	}

	private val carts = context.getBean(CartRepository::class.java)

	private val receipts = context.getBean(ReceiptRepository::class.java)

	private val jdbc = JdbcTemplate(dataSource)

	@AfterAll
	fun close() = context.close()

	@Test
	fun immutableAggregatesAreSavedAsCopiesWithIdsFromTheModel() {
		val cart = Cart(owner = "ada", items = listOf(CartItem(sku = "tea", quantity = 2), CartItem(sku = "cup", quantity = 1)))
		val saved = carts.save(cart)
		assertThat(cart.id).isNull()
		assertThat(saved.id!!.value).matches("cart_[0-7][0-9a-hjkmnp-tv-z]{25}")
		assertThat(saved.items).extracting<String> { it.id }.allMatch { it.matches(Regex("item_[0-9a-z]{26}")) }
		assertThat(saved.version).isEqualTo(0L)
		// a data class read back equals the saved copy, items in their order
		assertThat(carts.findById(saved.id!!).orElseThrow()).isEqualTo(saved)
		assertThat(jdbc.queryForList("select id from cart_item where cart = ? order by cart_key", String::class.java, saved.id!!.value))
			.containsExactlyElementsOf(saved.items.map { it.id })

		val changed = carts.save(saved.copy(owner = "ada lovelace"))
		assertThat(changed.version).isEqualTo(1L)
		assertThat(carts.findById(saved.id!!).get().owner).isEqualTo("ada lovelace")
	}

	@Test
	fun anIdMintedAheadIsInsertedNotUpdated() {
		val id: CartId = context.getBean(TimeSortedIds::class.java).next(Cart::class.java)
		val saved = carts.save(Cart(id = id, owner = "grace"))
		assertThat(saved.id).isEqualTo(id)
		assertThat(carts.findById(id).get().owner).isEqualTo("grace")
	}

	@Test
	fun referencesDerivedAndQueryMethodsTakeTheTypedId() {
		val first = carts.save(Cart(owner = "margaret"))
		val second = carts.save(Cart(owner = "margaret"))
		val receipt = receipts.save(Receipt(cart = AggregateReference.to(first.id!!), cents = 1250))
		receipts.save(Receipt(cart = AggregateReference.to(second.id!!), cents = 990))
		assertThat(receipt.id).startsWith("rcpt_")
		assertThat(receipts.findByCart(first.id!!)).extracting<String> { it.id }.containsExactly(receipt.id)
		assertThat(receipts.ofCarts(listOf(second.id!!, first.id!!))).hasSize(2)
		assertThat(carts.findByOwner("margaret")).extracting<CartId> { it.id }.contains(first.id, second.id)
		assertThat(jdbc.queryForObject("select cart from receipt where id = ?", String::class.java, receipt.id))
			.isEqualTo(first.id!!.value)
	}

	@Test
	fun aMutableClassWithVarsGetsItsIdInPlace() {
		val voucher = Voucher(code = "SPRING")
		context.getBean(VoucherRepository::class.java).save(voucher)
		assertThat(voucher.id).startsWith("vch_")
	}

	@Test
	fun theRetrySafeInsertAnswersAReplayAndReportsAConflict() {
		val cart = Cart(owner = "barbara", items = listOf(CartItem(sku = "pen", quantity = 3)))
		val created = carts.insert(cart)
		assertThat(created.created()).isTrue()
		val stored = created.entity()
		// the same data again, as a retry after a timeout sends it: already there
		val replay = carts.insert(stored.copy(version = null))
		assertThat(replay.alreadyExisted()).isTrue()
		assertThat(replay.entity()).isEqualTo(stored)
		assertThatExceptionOfType(InsertConflictException::class.java)
			.isThrownBy { carts.insert(stored.copy(owner = "someone else", version = null)) }
			.withMessageContaining("owner")
		assertThat(jdbc.queryForObject("select count(*) from cart where id = ?", Int::class.java, stored.id!!.value))
			.isOne()
	}

	@Test
	fun aValueClassIdIsStoredWithItsPrefix() {
		val coupon = context.getBean(CouponRepository::class.java).save(Coupon(percent = 10))
		assertThat(coupon.id!!.value).startsWith("cpn_")
		assertThat(context.getBean(CouponRepository::class.java).findById(coupon.id!!).get().percent).isEqualTo(10)
		assertThat(jdbc.queryForObject("select id from coupon", String::class.java)).isEqualTo(coupon.id!!.value)
	}

	@Test
	fun aTypedValueClassIdPagesByTime() {
		val tickets = context.getBean(TicketRepository::class.java)
		val saved = (1..5).map { tickets.save(Ticket(title = "t$it")) }
		val first = tickets.findPageAfter(null, 2)
		assertThat(first).extracting<TicketId> { it.id }.containsExactly(saved[0].id, saved[1].id)
		// the cursor is the typed value class, as the repository's signature has it
		assertThat(tickets.findPageAfter(first.last().id, 10)).extracting<TicketId> { it.id }
			.containsExactly(saved[2].id, saved[3].id, saved[4].id)
	}

	private fun create(dataSource: DataSource) {
		dataSource.connection.use { connection ->
			val bytes = DatabaseKind.ofProductName(connection.metaData.databaseProductName).byteCollation()
			connection.createStatement().use { statement ->
				ShopApplication.DDL.split(";").filter { it.isNotBlank() }.forEach { statement.execute(it.replace("{bytes}", bytes)) }
			}
		}
	}
}

class KotlinDataJdbcH2Tests : KotlinDataJdbcTests(Database.H2)

class KotlinDataJdbcPostgreSqlTests : KotlinDataJdbcTests(Database.POSTGRESQL)
