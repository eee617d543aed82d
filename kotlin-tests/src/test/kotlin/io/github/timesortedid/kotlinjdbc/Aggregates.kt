package io.github.timesortedid.kotlinjdbc

import io.github.timesortedid.AbstractTypedId
import io.github.timesortedid.IdPrefix
import io.github.timesortedid.TimeSortedId
import org.springframework.data.annotation.Id
import org.springframework.data.annotation.Version
import org.springframework.data.jdbc.core.mapping.AggregateReference
import org.springframework.data.relational.core.mapping.Table

// tag::aggregate[]
@IdPrefix("cart")
data class CartId(val value: String) : AbstractTypedId(value)

@Table
data class Cart(
	@Id @TimeSortedId val id: CartId? = null,
	val owner: String,
	val items: List<CartItem> = emptyList(),
	@Version val version: Long? = null,
)

@Table
data class CartItem(
	@Id @TimeSortedId(prefix = "item") val id: String? = null,
	val sku: String,
	val quantity: Int,
)
// end::aggregate[]

/** Another aggregate, which refers to a cart by its typed ID. */
@Table
data class Receipt(
	@Id @TimeSortedId(prefix = "rcpt") val id: String? = null,
	val cart: AggregateReference<Cart, CartId>,
	val cents: Long,
)

/** The mutable style: a class with `var`s. */
@Table
class Voucher(
	@Id @TimeSortedId(prefix = "vch") var id: String? = null,
	var code: String,
)

@JvmInline
value class CouponId(val value: String)

/** An aggregate whose ID is a plain value class. */
@Table
data class Coupon(
	@Id @TimeSortedId(prefix = "cpn") val id: CouponId? = null,
	val percent: Int,
)

@JvmInline
@IdPrefix("tkt")
value class TicketId(val value: String) : io.github.timesortedid.TypedId {
	override fun value() = value

	override fun toString() = value
}

/** An aggregate whose ID is a typed value class, paged by time. */
@Table
data class Ticket(
	@Id @TimeSortedId val id: TicketId? = null,
	val title: String,
)
