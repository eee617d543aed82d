package io.github.timesortedid.benchmarks;

/** One generation benchmark at one thread count: median ns/op and bytes allocated per op. */
record GenerationResult(String benchmark, int threads, double nanosPerOp, double bytesPerOp) {

	Cases.Case kase() {
		return Cases.of(this.benchmark);
	}

}
