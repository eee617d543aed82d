package io.github.timesortedid.kotlinjdbc

import io.github.timesortedid.insert.AggregateInsertRepository
import org.springframework.data.jdbc.repository.query.Query
import org.springframework.data.repository.CrudRepository
import org.springframework.data.repository.ListCrudRepository

interface CartRepository : ListCrudRepository<Cart, CartId>, AggregateInsertRepository<Cart> {

	fun findByOwner(owner: String): List<Cart>
}

interface ReceiptRepository : ListCrudRepository<Receipt, String> {

	fun findByCart(cart: CartId): List<Receipt>

	@Query("select * from receipt where cart in (:carts) order by id")
	fun ofCarts(carts: List<CartId>): List<Receipt>
}

interface VoucherRepository : CrudRepository<Voucher, String>

interface CouponRepository : CrudRepository<Coupon, CouponId>

interface TicketRepository : ListCrudRepository<Ticket, TicketId>, io.github.timesortedid.query.TimeRangeRepository<Ticket, TicketId>
