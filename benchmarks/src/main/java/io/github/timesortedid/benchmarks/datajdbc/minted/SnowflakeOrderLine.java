package io.github.timesortedid.benchmarks.datajdbc.minted;

/**
 * A line of a {@link SnowflakeOrder}: an entity inside the aggregate, keyed by its order and its place.
 * @param product what was ordered
 * @param quantity how many
 */
public record SnowflakeOrderLine(String product, int quantity) {

}
