package io.github.timesortedid.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.jdbc.loans.Branch;
import io.github.timesortedid.jdbc.loans.BranchRepository;
import io.github.timesortedid.jdbc.loans.Loan;
import io.github.timesortedid.jdbc.loans.LoanApplication;
import io.github.timesortedid.jdbc.loans.LoanItem;
import io.github.timesortedid.jdbc.loans.LoanNote;
import io.github.timesortedid.jdbc.loans.LoanRepository;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The DDL of Spring Data JDBC aggregates as a Flyway migration: the library's migrations of the loans
 * ({@code db/loans/{vendor}/V1__loans.sql}) are what {@link AggregateIds#ddl} prints for each
 * database, and Spring Boot's Flyway applies them at startup on H2, PostgreSQL and MariaDB, after which
 * the schema check passes and the aggregates are saved and inserted; a migration whose ID columns are
 * wrong stops startup with the schema check's analysis.
 */
class LoanMigrationTests {

	private static final Map<Database, DatabaseKind> KINDS = Map.of(Database.H2, DatabaseKind.H2, Database.POSTGRESQL,
			DatabaseKind.POSTGRESQL, Database.MARIADB, DatabaseKind.MARIADB);

	@Test
	void theMigrationsAreTheDdlTheLibraryPrintsForEachDatabase() throws Exception {
		try (ConfigurableApplicationContext app = LoanApplication.start(Database.H2.newDatabase())) {
			AggregateIds aggregates = app.getBean(AggregateIds.class);
			for (Database database : Database.values()) {
				DatabaseKind kind = KINDS.get(database);
				// tag::ddl[]
				// kind: a DatabaseKind (io.github.timesortedid.model): H2, POSTGRESQL or MARIADB
				String ddl = aggregates.ddl("Branch", kind, null) + aggregates.ddl("Loan", kind, null);
				// end::ddl[]
				assertThat(ddl).as("the DDL of %s", database).isEqualTo(migration(database));
			}
		}
	}

	@ParameterizedTest
	@EnumSource(Database.class)
	void flywayMigratesTheDatabaseAndTheAggregatesAreStored(Database database) throws Exception {
		try (ConfigurableApplicationContext app = LoanApplication.start(database.newDatabase())) {
			Branch branch = app.getBean(BranchRepository.class).save(new Branch("Harbour Street"));
			LoanRepository loans = app.getBean(LoanRepository.class);
			Loan saved = loans.save(loan(branch));
			Loan loaded = loans.findById(saved.getId()).orElseThrow();
			assertThat(loaded).usingRecursiveComparison().isEqualTo(saved);
			assertThat(loaded.getItems()).extracting(LoanItem::getTitle).containsExactly("Dune", "Emma");
			assertThat(loaded.getItems().get(0).getId()).startsWith("item_");
			assertThat(loaded.getBranch().getId()).isEqualTo(branch.getId());

			Loan again = loan(branch);
			InsertResult<Loan> first = loans.insert(again);
			assertThat(first.alreadyExisted()).isFalse();
			assertThat(loans.insert(again).alreadyExisted()).isTrue();
			assertThat(loans.count()).isEqualTo(2);
		}
	}

	@ParameterizedTest
	@EnumSource(value = Database.class, names = { "H2", "POSTGRESQL" })
	void aMigrationWhoseIdColumnsAreWrongStopsStartupWithTheSchemaCheck(Database database, @TempDir Path folder)
			throws Exception {
		String wrong = migration(database).replaceFirst("varchar\\(31\\)", "varchar(20)")
			.replaceFirst(" uuid not null", " varchar(36) not null");
		assertThat(wrong).isNotEqualTo(migration(database));
		Files.writeString(folder.resolve("V1__loans.sql"), wrong);
		assertThatException()
			.isThrownBy(() -> LoanApplication.start(database.newDatabase(),
					"--spring.flyway.locations=filesystem:" + folder))
			.satisfies(failure -> {
				FailureAnalysis analysis = FailureAnalyses.of(failure);
				assertThat(analysis.getDescription()).contains("2 columns cannot hold the IDs they are given")
					.contains("which holds at most 20 characters, but its IDs need 31")
					.contains("a text column, but its uuidv7 IDs are stored as binary, 16 bytes");
				assertThat(analysis.getAction()).contains("varchar(31)").contains("uuid");
			});
	}

	private static Loan loan(Branch branch) {
		Loan loan = new Loan("Ada", new Loan.Term(LocalDate.of(2026, 5, 4), LocalDate.of(2026, 5, 25)),
				Instant.parse("2026-05-04T09:30:00Z"), branch.getId());
		loan.getItems().add(new LoanItem("Dune", 1));
		loan.getItems().add(new LoanItem("Emma", 2));
		loan.getNotes().put("shelf", new LoanNote("returns to 3B"));
		return loan;
	}

	private static String migration(Database database) throws IOException {
		String path = "/db/loans/" + database.label() + "/V1__loans.sql";
		try (InputStream file = LoanMigrationTests.class.getResourceAsStream(path)) {
			return (file != null) ? new String(file.readAllBytes(), StandardCharsets.UTF_8) : "(no " + path + ")";
		}
	}

}
