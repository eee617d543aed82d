package io.github.timesortedid.shardingsphere.autoconfigure;

import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a ShardingSphere algorithm that refused its properties (ours name the property and say
 * what to use) as the reason the application did not start, rather than a nested data source
 * failure.
 */
class ShardingSphereAlgorithmFailureAnalyzer extends AbstractFailureAnalyzer<AlgorithmInitializationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, AlgorithmInitializationException cause) {
		return new FailureAnalysis("ShardingSphere could not start a sharding algorithm or key generator: "
				+ cause.getMessage(), "Fix the algorithm's props in the ShardingSphere YAML that spring.datasource.url "
						+ "names (jdbc:shardingsphere:...), as the reason above says.", cause);
	}

}
