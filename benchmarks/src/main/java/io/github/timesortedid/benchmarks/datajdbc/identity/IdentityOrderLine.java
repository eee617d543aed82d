package io.github.timesortedid.benchmarks.datajdbc.identity;

/**
 * A line of an {@link IdentityOrder}: an entity inside the aggregate, keyed by its order and its place.
 * @param product what was ordered
 * @param quantity how many
 */
public record IdentityOrderLine(String product, int quantity) {

}
