package io.github.timesortedid.benchmarks;

/** One {@link BinaryStorageBenchmarks} method at 1 thread: median ns/op and bytes allocated per op. */
record BinaryStorageResult(String benchmark, double nanosPerOp, double bytesPerOp) {

	/** The method name, without the class. */
	String method() {
		return this.benchmark.substring(this.benchmark.lastIndexOf('.') + 1);
	}

}
