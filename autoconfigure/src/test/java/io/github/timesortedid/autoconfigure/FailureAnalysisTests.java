package io.github.timesortedid.autoconfigure;

import java.util.List;
import java.util.Map;

import io.github.timesortedid.autoconfigure.fixtures.broken.BrokenApplication;
import io.github.timesortedid.autoconfigure.fixtures.broken.BrokenEntities;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Each startup error of the issue, in a real application start, analysed by the analyzers that
 * {@code META-INF/spring.factories} registers.
 */
@ExtendWith(OutputCaptureExtension.class)
class FailureAnalysisTests {

	@Test
	void unknownAlgorithmListsTheValidNames() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Ledger.class), "time-sorted-id.algorithm=uuid-v7");
		assertThat(analysis.getDescription()).isEqualTo("The property 'time-sorted-id.algorithm' has the value 'uuid-v7', "
				+ "which cannot be used: unknown algorithm; valid names are uuidv7, ulid, kuuid, ksuid, hex-ulid, "
				+ "couchdb-random, couchdb-sequential, couchdb-utc-random, couchdb-utc-id, snowflake, objectid, random.");
		assertThat(analysis.getAction()).startsWith("Update 'time-sorted-id.algorithm' in your application's configuration");
	}

	@Test
	void unsupportedFieldTypeForTheAlgorithm() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Ledger.class));
		assertThat(analysis.getDescription()).isEqualTo(
				"Entity 'Ledger', attribute 'id' is a Long/long, but the algorithm 'uuidv7' does not make Long/long values.");
		assertThat(analysis.getAction()).isEqualTo("Use the snowflake algorithm for Long IDs, or make the attribute a String.");
		FailureAnalysis unsupported = analyze(List.of(BrokenEntities.Counter.class));
		assertThat(unsupported.getDescription())
			.isEqualTo("Entity 'Counter', attribute 'id' is a java.lang.Integer, which @TimeSortedId cannot fill.");
		assertThat(unsupported.getAction()).contains("Make the attribute a String (every algorithm), a TypedId record or Kotlin class (every algorithm), a Long or long (snowflake)");
	}

	@Test
	void typedIdWithoutOrWithInvalidIdPrefixNamesTheAttributeAndTheType() {
		FailureAnalysis missing = analyze(List.of(BrokenEntities.Note.class));
		assertThat(missing.getDescription()).isEqualTo("Entity 'Note', attribute 'id': " + BrokenEntities.NoteId.class.getName()
				+ " implements TypedId but has no @IdPrefix.");
		assertThat(missing.getAction()).isEqualTo("Annotate it, e.g. @IdPrefix(\"post\").");
		FailureAnalysis invalid = analyze(List.of(BrokenEntities.Item.class));
		assertThat(invalid.getDescription()).isEqualTo("Entity 'Item', attribute 'id': @IdPrefix(\"Memo-Item\") on "
				+ BrokenEntities.ItemId.class.getName() + ": a prefix has only lowercase letters a-z and '_', but has 'M' at "
				+ "index 0.");
		assertThat(invalid.getAction()).contains("(the TypeID rules), e.g. post");
	}

	@Test
	void duplicatePrefixNamesBothEntities() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Article.class, BrokenEntities.Essay.class));
		assertThat(analysis.getDescription()).matches("The prefix 'post' is used by both (Article.id and Essay.id|Essay.id and Article.id)\\.");
		assertThat(analysis.getAction()).contains("Give each ID type its own prefix");
	}

	@Test
	void invalidPrefix() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Shouting.class));
		assertThat(analysis.getDescription()).isEqualTo("Entity 'Shouting', attribute 'id' has the invalid prefix 'POST' from "
				+ "@TimeSortedId(prefix = ...): a prefix has only lowercase letters a-z and '_', but has 'P' at index 0.");
		assertThat(analysis.getAction()).contains("(the TypeID rules), e.g. post");
	}

	@Test
	void separatorThatClashesWithTheBodyAlphabet() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.separator=-",
				"time-sorted-id.uuidv7.encoding=canonical");
		assertThat(analysis.getDescription()).contains("'time-sorted-id.separator' has the value '-'")
			.contains("'-' occurs in uuidv7 (canonical) bodies, so IDs could not be split");
	}

	@Test
	void columnShorterThanTheLongestId() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Cramped.class));
		assertThat(analysis.getDescription()).isEqualTo("Entity 'Cramped', attribute 'id' has a column of length 20, "
				+ "shorter than the 34 characters of its IDs (prefix 'cramped', separator '_' and a 26-character uuidv7 "
				+ "(base32) body).");
		assertThat(analysis.getAction()).startsWith("Set @Column(length = 34) or more on Cramped.id");
	}

	@Test
	void missingCouchdbUtcIdSuffix() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.algorithm=couchdb-utc-id");
		assertThat(analysis.getDescription()).contains("'time-sorted-id.couchdb-utc-id.suffix' has the value 'null'")
			.contains("couchdb-utc-id needs a suffix");
	}

	@Test
	void snowflakeNodeIdOutOfRange() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.snowflake.node-id=4096");
		assertThat(analysis.getDescription()).isEqualTo("The property 'time-sorted-id.snowflake.node-id' has the value "
				+ "'4096', which cannot be used: use a node ID from 0 to 1023 (10 bits).");
	}

	@Test
	void randomBitsOutOfRange() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.random.bits=512");
		assertThat(analysis.getDescription()).contains("'time-sorted-id.random.bits' has the value '512'")
			.contains("use 128 to 256 bits; fewer than 128 are guessable");
	}

	@Test
	void anEntityOverrideForNoEntity() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.entities.Artcle.prefix=art");
		assertThat(analysis.getDescription()).isEqualTo(
				"The property time-sorted-id.entities.Artcle.* names no entity with a @TimeSortedId attribute.");
		assertThat(analysis.getAction()).contains("(Article)");
	}

	@Test
	void aMisspeltEntitySettingStopsStartupNamingItAndTheKnownOnes() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.entities.Article.prefx=art");
		assertThat(analysis.getDescription()).isEqualTo("The property 'time-sorted-id.entities.Article.prefx' has the value "
				+ "'art', which cannot be used: unknown setting; the settings of time-sorted-id.entities.<Entity> are algorithm, "
				+ "prefix, storage.");
	}

	@Test
	void aMisspeltSettingAnywhereUnderThePrefixStopsStartupNamingTheSettingsOfItsGroup() {
		// Spring Boot ignores such keys; the application would run on the defaults unawares
		FailureAnalysis algorithm = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.algoritm=ulid");
		assertThat(algorithm.getDescription()).isEqualTo("The property 'time-sorted-id.algoritm' has the value 'ulid', "
				+ "which cannot be used: unknown setting; the settings of time-sorted-id are algorithm, compatibility-check, "
				+ "couchdb-utc-id, entities, insert, json, kuuid, node-lease, partition-maintenance, partitions, random, "
				+ "random-source, schema-check, separator, snowflake, storage, uuidv7.");
		FailureAnalysis group = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.partition.Article.interval=month");
		assertThat(group.getDescription()).contains("'time-sorted-id.partition.Article.interval' has the value 'month'")
			.contains("unknown setting; the settings of time-sorted-id are ");
		FailureAnalysis nested = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.schema-check.enable=false");
		assertThat(nested.getDescription()).endsWith("unknown setting; the settings of time-sorted-id.schema-check are "
				+ "enabled, retry-timeout.");
		FailureAnalysis below = analyze(List.of(BrokenEntities.Article.class), "time-sorted-id.algorithm.name=ulid");
		assertThat(below.getDescription()).endsWith("unknown setting; time-sorted-id.algorithm is a setting, with no "
				+ "settings under it.");
		// every relaxed form Spring Boot binds is a setting all the same
		assertThat(start(List.of(BrokenEntities.Article.class), "time-sorted-id.schemaCheck.retry_timeout=2s",
				"time-sorted-id.snowflake.node-id=3", "time-sorted-id.entities[Article].prefix=art")).isNull();
	}

	@Test
	void environmentVariablesInSpringBootsFormAreSettingsAndAMisspeltOneIsRefused() {
		assertThat(startWithEnvironment(Map.of("TIMESORTEDID_SNOWFLAKE_NODEID", "3", "TIMESORTEDID_SCHEMACHECK_ENABLED",
				"true", "TIME_SORTED_ID_SCHEMA_CHECK_ENABLED", "true", "TIME_SORTED_ID_REQUIRE_BROWSER", "false"))).isNull();
		FailureAnalysis analysis = FailureAnalyses
			.of(startWithEnvironment(Map.of("TIMESORTEDID_SNOWFLAKE_NODE", "3")));
		assertThat(analysis.getDescription()).contains("has the value '3'")
			.endsWith("unknown setting; the settings of time-sorted-id.snowflake are encoding, epoch, max-wait, node-id.");
	}

	private static Throwable startWithEnvironment(Map<String, Object> variables) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
		return catchThrowable(() -> new SpringApplicationBuilder(BrokenApplication.class).web(WebApplicationType.NONE)
			.environment(environment)
			.properties("test.entities=" + BrokenEntities.Article.class.getName(), "spring.datasource.generate-unique-name=true")
			.run()
			.close());
	}

	@Test
	void twoTypedIdsWithOnePrefix() {
		FailureAnalysis analysis = analyze(List.of(BrokenEntities.Memo.class, BrokenEntities.Jot.class));
		assertThat(analysis.getDescription()).contains("The prefix 'memo' is declared by both")
			.contains("BrokenEntities$MemoId").contains("BrokenEntities$JotId");
		assertThat(analysis.getAction()).isEqualTo("Give each typed ID class an @IdPrefix of its own.");
	}

	@Test
	void springBootPrintsTheAnalysis(CapturedOutput output) {
		start(List.of(BrokenEntities.Counter.class));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Entity 'Counter', attribute 'id' is a java.lang.Integer, which @TimeSortedId cannot fill.")
			.contains("Make the attribute a String");
	}

	private static FailureAnalysis analyze(List<Class<?>> entities, String... properties) {
		Throwable failure = start(entities, properties);
		return FailureAnalyses.of(failure);
	}

	private static Throwable start(List<Class<?>> entities, String... properties) {
		String names = String.join(",", entities.stream().map(Class::getName).toList());
		return catchThrowable(() -> new SpringApplicationBuilder(BrokenApplication.class).web(WebApplicationType.NONE)
			.properties("test.entities=" + names, "spring.datasource.generate-unique-name=true")
			.properties(properties)
			.run()
			.close());
	}

}
