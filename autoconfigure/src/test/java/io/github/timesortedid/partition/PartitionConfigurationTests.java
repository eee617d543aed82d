package io.github.timesortedid.partition;

import java.util.List;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.broken.BrokenApplication;
import io.github.timesortedid.autoconfigure.fixtures.broken.UnpartitionableEntities;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Animal;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Dog;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKsuid;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrdersApplication;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Comment;
import io.github.timesortedid.autoconfigure.fixtures.partitions.Post;
import io.github.timesortedid.autoconfigure.fixtures.shapes.Passport;
import io.github.timesortedid.autoconfigure.fixtures.shapes.Person;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Feed;
import io.github.timesortedid.autoconfigure.fixtures.timeline.Token;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A partition setting that cannot work stops startup with a failure analysis that names the
 * property and the entity and says why, on every database, H2 included; H2 itself, which has no
 * partitions, keeps the tables whole and says so.
 */
@ExtendWith(OutputCaptureExtension.class)
class PartitionConfigurationTests {

	@Test
	void anUnknownEntityListsTheKnownOnes() {
		FailureAnalysis analysis = analyze(List.of(Post.class, Comment.class), "time-sorted-id.partitions.Pots.interval=month");
		assertThat(analysis.getDescription())
			.isEqualTo("The property time-sorted-id.partitions.Pots.* names no entity whose @Id is a @TimeSortedId attribute.");
		assertThat(analysis.getAction()).matches("Use the JPA entity name of such an entity \\((Post, Comment|Comment, Post)\\), "
				+ "or remove the property\\.");
	}

	@Test
	void aSubclassIsPartitionedThroughItsRoot() {
		FailureAnalysis analysis = analyze(List.of(Animal.class, Dog.class), "time-sorted-id.partitions.Dog.interval=day");
		assertThat(analysis.getDescription()).isEqualTo("The property time-sorted-id.partitions.Dog.* names an entity that "
				+ "inherits its ID from Animal, whose table holds the IDs of the hierarchy.");
		assertThat(analysis.getAction()).isEqualTo("Set time-sorted-id.partitions.Animal.* instead.");
	}

	@Test
	void aTablePerClassHierarchyIsRefused() {
		FailureAnalysis analysis = analyze(
				List.of(UnpartitionableEntities.Shelf.class, UnpartitionableEntities.Bookshelf.class),
				"time-sorted-id.partitions.Shelf.interval=month");
		assertThat(analysis.getDescription()).isEqualTo("The property time-sorted-id.partitions.Shelf.* names the root of a "
				+ "TABLE_PER_CLASS hierarchy, whose rows are spread over one table per class, so that one partitioned table "
				+ "cannot hold them.");
	}

	@Test
	void newestFirstIdsAreRefusedWithTheReason() {
		FailureAnalysis analysis = analyze(List.of(Feed.class), "time-sorted-id.partitions.Feed.interval=month",
				"time-sorted-id.kuuid.reverse=true");
		assertThat(analysis.getDescription()).startsWith("The property time-sorted-id.partitions.Feed.* partitions the "
				+ "table of Feed by its IDs, but Feed.id uses kuuid with time-sorted-id.kuuid.reverse=true, whose IDs "
				+ "sort newest first");
		assertThat(analysis.getAction()).isEqualTo("Remove time-sorted-id.partitions.Feed.*, or give the entity a "
				+ "time-ordered algorithm whose IDs sort oldest first.");
	}

	@Test
	void idsWithoutTimeAreRefusedWithTheReason() {
		FailureAnalysis analysis = analyze(List.of(Token.class), "time-sorted-id.partitions.Token.interval=month");
		assertThat(analysis.getDescription()).contains("Token.id uses random, whose IDs carry no time");
	}

	@Test
	void aUniqueKeyWithoutTheIdIsRefusedSinceEachPartitionWouldEnforceItAlone() {
		FailureAnalysis analysis = analyze(List.of(Person.class, Passport.class),
				"time-sorted-id.partitions.Passport.interval=day");
		assertThat(analysis.getDescription()).isEqualTo("The property time-sorted-id.partitions.Passport.* partitions the "
				+ "table 'passport', which has a unique constraint on (holder_id) without 'id': PostgreSQL and MariaDB "
				+ "enforce the uniqueness of a partitioned table in each partition alone, so they refuse a unique "
				+ "constraint without the partition key.");
		assertThat(analysis.getAction()).startsWith("Keep the table whole (remove time-sorted-id.partitions.Passport.*), or "
				+ "drop the constraint (a @OneToOne's");
	}

	@Test
	void badValuesNameTheirProperty() {
		assertThat(analyze(List.of(Post.class), "time-sorted-id.partitions.Post.premake=0").getDescription())
			.isEqualTo("The property 'time-sorted-id.partitions.Post.premake' has the value '0', which cannot be used: use "
					+ "1 to 1000: at least the next interval's partition must exist before its first row comes.");
		// the value as the configuration wrote it, not as the binder made it (PT168H)
		assertThat(analyze(List.of(Post.class), "time-sorted-id.partitions.Post.retention=7d").getDescription())
			.isEqualTo("The property 'time-sorted-id.partitions.Post.retention' has the value '7d', which cannot be "
					+ "used: use at least the longest month (31d), or leave it unset to keep every partition: a shorter one "
					+ "would retire the partition rows are inserted into. It reads as 7 days; a duration has no unit of "
					+ "months or years (M is minutes): write days, such as 183d for six months.");
		// six months as a newcomer writes them: six minutes to the binder
		assertThat(analyze(List.of(Post.class), "time-sorted-id.partitions.Post.retention=6M").getDescription())
			.contains("has the value '6M'", "It reads as 6 minutes; a duration has no unit of months or years (M is "
					+ "minutes): write days, such as 183d for six months.");
		// an unknown interval names the property as written, and the values
		assertThat(analyze(List.of(Post.class), "time-sorted-id.partitions.Post.interval=fortnight").getDescription())
			.isEqualTo("The property 'time-sorted-id.partitions.Post.interval' has the value 'fortnight', which cannot be "
					+ "used: use one of hour, day, week, month, year.");
	}

	@Test
	void aMisspeltSettingStopsStartupNamingItAndTheKnownOnes() {
		FailureAnalysis analysis = analyze(List.of(Post.class), "time-sorted-id.partitions.Post.retension=7d");
		assertThat(analysis.getDescription()).isEqualTo("The property 'time-sorted-id.partitions.Post.retension' has the "
				+ "value '7d', which cannot be used: unknown setting; the settings of time-sorted-id.partitions.<Entity> are archive-schema, "
				+ "interval, premake, retention, retention-action.");
		assertThat(analysis.getAction()).startsWith("Update 'time-sorted-id.partitions.Post.retension' in your application's "
				+ "configuration");
	}

	/**
	 * As Spring Boot prints it for a shop's application.yml: the entity as written there, not in
	 * lower case.
	 */
	@Test
	void aSettingsErrorNamesTheEntityAsTheYamlWritesIt(CapturedOutput output) {
		assertThat(catchThrowable(() -> shop("classpath:settings/misspelt-partition.yml"))).isNotNull();
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("The property 'time-sorted-id.partitions.PurchaseOrder.retension' has the value '400d', which cannot "
					+ "be used: unknown setting; the settings of time-sorted-id.partitions.<Entity> are archive-schema, interval, premake, "
					+ "retention, retention-action.")
			.doesNotContain("purchaseorder");
		assertThat(catchThrowable(() -> shop("classpath:settings/unknown-interval.yml"))).isNotNull();
		assertThat(output).contains("The property 'time-sorted-id.partitions.PurchaseOrder.interval' has the value "
				+ "'fortnight', which cannot be used: use one of hour, day, week, month, year.")
			.doesNotContain("purchaseorder");
	}

	@Test
	void anArchiveSchemaIsForDetachedPartitionsAndAPlainName() {
		assertThat(analyze(List.of(Post.class), "time-sorted-id.partitions.Post.retention=60d",
				"time-sorted-id.partitions.Post.retention-action=drop", "time-sorted-id.partitions.Post.archive-schema=archive")
			.getDescription()).isEqualTo("The property 'time-sorted-id.partitions.Post.archive-schema' has the value "
					+ "'archive', which cannot be used: leave it unset with retention-action drop: a dropped partition "
					+ "leaves no table to archive.");
		assertThat(analyze(List.of(Post.class), "time-sorted-id.partitions.Post.archive-schema=old data")
			.getDescription()).isEqualTo("The property 'time-sorted-id.partitions.Post.archive-schema' has the value "
					+ "'old data', which cannot be used: use a plain name of letters, digits and underscores, not starting "
					+ "with a digit.");
	}

	@Test
	void mariaDbRefusesBinaryStorageSayingWhy() {
		DataSource dataSource = Database.MARIADB.newDatabase();
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(() -> start(dataSource,
				List.of(MxKsuid.class), "time-sorted-id.partitions.MxKsuid.interval=month", "time-sorted-id.storage=binary",
				"spring.jpa.hibernate.ddl-auto=create").close()));
		assertThat(analysis.getDescription()).startsWith("The property time-sorted-id.partitions.MxKsuid.* cannot be applied: "
				+ "MxKsuid.id is stored as binary, and MariaDB's catalog (information_schema.PARTITIONS) prints the bounds of "
				+ "binary columns as raw bytes");
	}

	@Test
	void h2KeepsTheTablesWholeAndSaysSo(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start(null, List.of(Post.class, Comment.class),
				"time-sorted-id.partitions.Post.interval=month")) {
			assertThat(context.getBeanProvider(PartitionMaintainer.class).getIfAvailable()).isNull();
		}
		assertThat(output).contains("time-sorted-id partitions: H2 has no table partitions; the tables of Post stay whole");
	}

	private static void shop(String applicationYml) {
		new SpringApplicationBuilder(OrdersApplication.class).web(WebApplicationType.NONE)
			.properties("spring.datasource.generate-unique-name=true", "spring.config.import=" + applicationYml)
			.run()
			.close();
	}

	private static FailureAnalysis analyze(List<Class<?>> entities, String... properties) {
		return FailureAnalyses.of(catchThrowable(() -> start(null, entities, properties).close()));
	}

	private static ConfigurableApplicationContext start(DataSource dataSource, List<Class<?>> entities,
			String... properties) {
		String names = String.join(",", entities.stream().map(Class::getName).toList());
		return new SpringApplicationBuilder(BrokenApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> {
				if (dataSource != null) {
					context.getBeanFactory().registerSingleton("dataSource", dataSource);
				}
			})
			.properties("test.entities=" + names, "spring.datasource.generate-unique-name=true")
			.properties(properties)
			.run();
	}

}
