package io.github.timesortedid.jdbc.orders;

/** An attribute of a {@link PurchaseOrder}, in a map by its name: an entity without an ID. */
public record OrderAttribute(String detail) {

}
