package io.github.timesortedid.benchmarks.datajdbc.minted;

/**
 * A line of a {@link MintedOrder}: an entity inside the aggregate, keyed by its order and its place.
 * @param product what was ordered
 * @param quantity how many
 */
public record MintedOrderLine(String product, int quantity) {

}
