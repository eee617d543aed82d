package io.github.timesortedid.insert;

import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.timesortedid.autoconfigure.fixtures.orders.Coupon;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrdersApplication;
import io.github.timesortedid.testsupport.CommitFault;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.StatementCounter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A duplicate primary key is recognised by the row that holds the ID, not by the constraint's
 * name: here the key is renamed {@code coupon_pk} (MariaDB always calls it {@code PRIMARY}), and a
 * violation of the other unique constraint still passes through, unretried.
 */
class PrimaryKeyDuplicateTests {

	@ParameterizedTest
	@EnumSource(Database.class)
	void aKeyWithACustomNameIsRecognisedAndOtherUniqueViolationsPassThrough(Database database) {
		DataSource raw = database.newDatabase();
		CommitFault commits = new CommitFault();
		StatementCounter statements = new StatementCounter();
		HikariDataSource pool = new HikariDataSource();
		pool.setDataSource(statements.around(commits.around(raw)));
		try (pool; ConfigurableApplicationContext context = new SpringApplicationBuilder(OrdersApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", pool))
			.properties(Map.of("spring.jpa.hibernate.ddl-auto", "create", "time-sorted-id.insert.initial-delay", "1ms"))
			.run()) {
			renamePrimaryKey(database, new JdbcTemplate(raw));
			RetrySafeInserter inserter = context.getBean(RetrySafeInserter.class);

			commits.arm(CommitFault.Kind.LOST);
			Coupon first = new Coupon("WELCOME");
			InsertResult<Coupon> lost = inserter.insert(first);
			assertThat(lost.alreadyExisted()).isTrue();
			assertThat(lost.attempts()).isEqualTo(2);

			Coupon replay = new Coupon("WELCOME");
			replay.setId(first.getId());
			assertThat(inserter.insert(replay).alreadyExisted()).isTrue();

			Coupon other = new Coupon("OTHER");
			other.setId(first.getId());
			assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> inserter.insert(other))
				.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactly("code"));

			statements.reset();
			Throwable sameCode = catchThrowable(() -> inserter.insert(new Coupon("WELCOME")));
			assertThat(sameCode).isInstanceOf(DataIntegrityViolationException.class)
				.isNotInstanceOf(InsertConflictException.class);
			assertThat(statements.count("insert")).as("one attempt, no retry").isEqualTo(1);
			assertThat(new JdbcTemplate(raw).queryForObject("SELECT COUNT(*) FROM coupon", Long.class)).isOne();
		}
	}

	private static void renamePrimaryKey(Database database, JdbcTemplate jdbc) {
		switch (database) {
			case H2 -> {
				jdbc.execute("ALTER TABLE coupon DROP PRIMARY KEY");
				jdbc.execute("ALTER TABLE coupon ADD CONSTRAINT coupon_pk PRIMARY KEY (id)");
			}
			case POSTGRESQL -> jdbc.execute("ALTER TABLE coupon RENAME CONSTRAINT coupon_pkey TO coupon_pk");
			case MARIADB -> {
				// MariaDB names every primary key PRIMARY
			}
		}
	}

}
