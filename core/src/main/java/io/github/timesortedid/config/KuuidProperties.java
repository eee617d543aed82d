package io.github.timesortedid.config;

/** Options of the kuuid algorithm. */
public class KuuidProperties {

	/**
	 * Whether the timestamp counts milliseconds instead of seconds since 1970.
	 */
	private boolean millisecond;

	/**
	 * Whether IDs sort newest first (the timestamp is stored as 62^8-1 minus the time).
	 */
	private boolean reverse;

	public boolean isMillisecond() {
		return this.millisecond;
	}

	public void setMillisecond(boolean millisecond) {
		this.millisecond = millisecond;
	}

	public boolean isReverse() {
		return this.reverse;
	}

	public void setReverse(boolean reverse) {
		this.reverse = reverse;
	}

}
