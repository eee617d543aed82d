package io.github.timesortedid.jdbc.orders;

/** A tag of a {@link PurchaseOrder}, in a set: an entity without an ID. */
public record OrderTag(String name) {

}
