package io.github.timesortedid.testsupport;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/** What a user sees when startup fails: the failure analysis time-sorted-id's analyzers give. */
public final class FailureAnalyses {

	private FailureAnalyses() {
	}

	/** Returns the time-sorted-id failure analysis of a startup failure; fails if there is none. */
	public static FailureAnalysis of(Throwable failure) {
		assertThat(failure).as("startup failure").isNotNull();
		SpringFactoriesLoader.FailureHandler skip = (type, name, ignored) -> {
		};
		for (FailureAnalyzer analyzer : SpringFactoriesLoader.forDefaultResourceLocation().load(FailureAnalyzer.class, null, skip)) {
			if (analyzer.getClass().getPackageName().startsWith("io.github.timesortedid")) {
				FailureAnalysis analysis = analyzer.analyze(failure);
				if (analysis != null) {
					return analysis;
				}
			}
		}
		throw new AssertionError("no time-sorted-id failure analysis for " + failure);
	}

}
