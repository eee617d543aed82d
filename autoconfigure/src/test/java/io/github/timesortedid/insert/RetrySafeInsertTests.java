package io.github.timesortedid.insert;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.blog.BlogApplication;
import io.github.timesortedid.autoconfigure.fixtures.blog.Member;
import io.github.timesortedid.autoconfigure.fixtures.blog.MemberRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.Post;
import io.github.timesortedid.autoconfigure.fixtures.blog.PostRepository;
import io.github.timesortedid.autoconfigure.fixtures.blog.Tweet;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.DataSourceWrapping;
import io.github.timesortedid.testsupport.StatementCounter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.InvalidDataAccessApiUsageException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

@SpringBootTest(classes = { BlogApplication.class, RetrySafeInsertTests.Counting.class })
class RetrySafeInsertTests {

	static final StatementCounter statements = new StatementCounter();

	@Autowired
	private MemberRepository members;

	@Autowired
	private PostRepository posts;

	@Autowired
	private RetrySafeInserter inserter;

	@Autowired
	private TimeSortedIdRegistry registry;

	@BeforeEach
	void reset() {
		statements.reset();
	}

	@Test
	void insertFixesTheIdFirstAndIssuesOneInsertAndNoSelect() {
		Member member = new Member("ada@example.com", "Ada");
		InsertResult<Member> result = this.members.insert(member);
		assertThat(result.created()).isTrue();
		assertThat(result.attempts()).isEqualTo(1);
		assertThat(result.entity()).isSameAs(member);
		assertThat(member.getId()).startsWith("mbr_");
		assertThat(statements.count("insert")).isEqualTo(1);
		assertThat(statements.count("select")).isZero();
		assertThat(this.members.findById(member.getId()).orElseThrow().getName()).isEqualTo("Ada");
	}

	@Test
	void aReplayWithTheSameDataReturnsTheStoredRowMarkedAsExisting() {
		Member first = new Member("grace@example.com", "Grace");
		this.members.insert(first);
		Member replay = new Member("grace@example.com", "Grace");
		replay.setId(first.getId());
		InsertResult<Member> result = this.members.insert(replay);
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(result.entity()).isNotSameAs(replay);
		assertThat(result.entity().getId()).isEqualTo(first.getId());
		assertThat(result.entity().getVersion()).isEqualTo(0L);
		assertThat(countOf(first.getId())).isEqualTo(1);
	}

	@Test
	void theSameIdWithOtherDataIsAConflictNamingEntityIdAndAttributes() {
		Member first = new Member("linus@example.com", "Linus");
		this.members.insert(first);
		Member other = new Member("linus@example.com", "Linus T.");
		other.setId(first.getId());
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> this.members.insert(other))
			.withMessage("Member " + first.getId() + " already exists with different data: name differs")
			.satisfies(ex -> {
				assertThat(ex.getEntityName()).isEqualTo("Member");
				assertThat(ex.getId()).isEqualTo(first.getId());
				assertThat(ex.getDifferingAttributes()).containsExactly("name");
			});
		assertThat(this.members.findById(first.getId()).orElseThrow().getName()).isEqualTo("Linus");
	}

	@Test
	void anotherConstraintViolationPassesThroughUnchangedAndUnretried() {
		this.members.insert(new Member("barbara@example.com", "Barbara"));
		statements.reset();
		Throwable failure = catchThrowable(() -> this.members.insert(new Member("barbara@example.com", "Someone else")));
		assertThat(failure).isInstanceOf(DataIntegrityViolationException.class)
			.isNotInstanceOf(InsertConflictException.class);
		assertThat(statements.count("insert")).as("one attempt, no retry").isEqualTo(1);
	}

	@Test
	void saveMergesAPreassignedIdButInsertAndAssignedIdEntityPersist() {
		String chosen = this.registry.field("Post", "id").orElseThrow().format().next();
		Post saved = new Post("merged");
		saved.setId(chosen);
		this.posts.save(saved);
		// the trap: Spring Data sees an ID, calls merge, and merge reads before it writes
		assertThat(statements.count("select")).isEqualTo(1);
		assertThat(statements.count("insert")).isEqualTo(1);

		statements.reset();
		Post inserted = new Post("inserted");
		inserted.setId(this.registry.field("Post", "id").orElseThrow().format().next());
		this.posts.insert(inserted);
		assertThat(statements.count("select")).isZero();
		assertThat(statements.count("insert")).isEqualTo(1);

		statements.reset();
		Member member = new Member("edsger@example.com", "Edsger");
		member.setId(this.registry.field("Member", "id").orElseThrow().format().next());
		this.members.save(member);
		assertThat(statements.count("select")).isZero();
		assertThat(statements.count("insert")).isEqualTo(1);
		assertThat(member.isNew()).isFalse();
	}

	@Test
	void aMalformedAssignedIdFailsBeforeAnyStatement() {
		Member member = new Member("ken@example.com", "Ken");
		member.setId("acct_01m80nmnwae80ayc07k1xt773r");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> this.inserter.insert(member))
			.withMessageContaining("assigned to Member.id: expected an ID starting with 'mbr_'");
		// through a repository, Spring Data translates it as it does every IllegalArgumentException
		assertThatExceptionOfType(InvalidDataAccessApiUsageException.class).isThrownBy(() -> this.members.insert(member))
			.withCauseInstanceOf(InvalidIdException.class);
		assertThat(statements.statements()).isEmpty();
	}

	@Test
	void anEntityWithoutATimeSortedIdentifierIsRefused() {
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> this.inserter.insert(new Object()));
		assertThat(this.inserter.insert(new Tweet()).entity().getId()).isPositive();
	}

	private long countOf(String id) {
		return this.members.findAll().stream().filter(member -> member.getId().equals(id)).count();
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Counting {

		@Bean
		static BeanPostProcessor countStatements() {
			return DataSourceWrapping.with(statements::around);
		}

	}

}
