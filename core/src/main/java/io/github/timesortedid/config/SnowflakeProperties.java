package io.github.timesortedid.config;

import java.time.Duration;

import io.github.timesortedid.id.SnowflakeEncoding;

/** Options of the snowflake algorithm. */
public class SnowflakeProperties {

	/**
	 * Epoch of the 41-bit millisecond timestamp, in Unix milliseconds (default: Twitter's,
	 * 2010-11-04T01:42:54.657Z). IDs can be made for 69 years after it.
	 */
	private long epoch = 1_288_834_974_657L;

	/**
	 * Node ID, 0 to 1023, unique among the instances that insert into the same tables; "auto" to
	 * lease a free one from a table in the application's database (see node-lease); or
	 * "pod-ordinal" for the ordinal of a Kubernetes StatefulSet pod name (orders-7 gives 7),
	 * leased too, so that two pods with one ordinal cannot both run.
	 */
	private String nodeId = "0";

	/**
	 * Text form of snowflake values in String attributes: decimal (19 digits), base32 (13) or
	 * base62 (11, case-sensitive). Long attributes store the number itself.
	 */
	private SnowflakeEncoding encoding = SnowflakeEncoding.DECIMAL;

	/**
	 * Longest wait for the clock after 4096 IDs in one millisecond; past it, generation fails
	 * instead of handing out a duplicate.
	 */
	private Duration maxWait = Duration.ofSeconds(1);

	public long getEpoch() {
		return this.epoch;
	}

	public void setEpoch(long epoch) {
		this.epoch = epoch;
	}

	public String getNodeId() {
		return this.nodeId;
	}

	public void setNodeId(String nodeId) {
		this.nodeId = nodeId;
	}

	public SnowflakeEncoding getEncoding() {
		return this.encoding;
	}

	public void setEncoding(SnowflakeEncoding encoding) {
		this.encoding = encoding;
	}

	public Duration getMaxWait() {
		return this.maxWait;
	}

	public void setMaxWait(Duration maxWait) {
		this.maxWait = maxWait;
	}

}
