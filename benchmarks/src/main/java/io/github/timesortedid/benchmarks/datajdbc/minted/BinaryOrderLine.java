package io.github.timesortedid.benchmarks.datajdbc.minted;

/**
 * A line of a {@link BinaryOrder}: an entity inside the aggregate, keyed by its order and its place.
 * @param product what was ordered
 * @param quantity how many
 */
public record BinaryOrderLine(String product, int quantity) {

}
