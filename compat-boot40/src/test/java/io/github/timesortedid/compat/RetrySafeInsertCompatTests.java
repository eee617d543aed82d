package io.github.timesortedid.compat;

import java.math.BigDecimal;

import io.github.timesortedid.compat.app.Article;
import io.github.timesortedid.compat.app.ArticleRepository;
import io.github.timesortedid.compat.app.CompatApplication;
import io.github.timesortedid.compat.app.LostCommits;
import io.github.timesortedid.compat.app.Purchase;
import io.github.timesortedid.compat.app.PurchaseLine;
import io.github.timesortedid.compat.app.PurchaseRepository;
import io.github.timesortedid.insert.InsertConflictException;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.insert.RetrySafeInserter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Retry-safe inserts on the older line: Spring Framework 7.0's {@code org.springframework.core.retry}
 * of that line, and Hibernate 7.2's mapping model, which the inserter walks to fix the keys of
 * cascaded children and to put back what a failed attempt changed.
 */
@SpringBootTest(classes = CompatApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RetrySafeInsertCompatTests {

	@Autowired
	private ArticleRepository articles;

	@Autowired
	private PurchaseRepository purchases;

	@Autowired
	private RetrySafeInserter inserter;

	@Autowired
	private PlatformTransactionManager transactionManager;

	@AfterEach
	void disarm() {
		assertThat(LostCommits.isArmed()).as("the armed commit happened").isFalse();
	}

	@Test
	void anInsertCreatesTheRowAndAReplayFindsIt() {
		Article first = new Article("Replayed");
		InsertResult<Article> created = this.articles.insert(first);
		assertThat(created.created()).isTrue();
		assertThat(created.attempts()).isEqualTo(1);
		assertThat(first.getId()).startsWith("art_");

		Article replay = new Article("Replayed");
		replay.setId(first.getId());
		InsertResult<Article> replayed = this.articles.insert(replay);
		assertThat(replayed.alreadyExisted()).isTrue();
		assertThat(replayed.entity().getShareCode()).isEqualTo(first.getShareCode());
	}

	@Test
	void theSameKeyWithOtherDataIsAConflictNamingTheAttribute() {
		Article first = this.articles.insert(new Article("Printer")).entity();
		Article other = new Article("Scanner");
		other.setId(first.getId());
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> this.articles.insert(other))
			.satisfies((ex) -> assertThat(ex.getDifferingAttributes()).containsExactly("title"));
		assertThat(this.articles.findById(first.getId()).orElseThrow().getTitle()).isEqualTo("Printer");
	}

	@Test
	void aLostCommitIsRetriedWithTheSameKeysAndLeavesOneRowPerEntity() {
		Purchase purchase = new Purchase("lost-commit", new BigDecimal("12.345"));
		purchase.getTags().add("gift");
		purchase.getTags().add("express");
		purchase.getLines().add(new PurchaseLine("lost-commit-a", 1));
		purchase.getLines().add(new PurchaseLine("lost-commit-b", 2));

		LostCommits.armNext();
		InsertResult<Purchase> result = this.inserter.insert(purchase);

		assertThat(result.attempts()).as("the commit was lost, the second attempt found the row").isEqualTo(2);
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(result.entity().getId()).isEqualTo(purchase.getId()).startsWith("pur_");
		assertThat(this.purchases.countByCustomer("lost-commit")).isEqualTo(1);
		assertThat(this.purchases.countLinesLike("lost-commit-%")).isEqualTo(2);
		// the caller's objects are as handed in: the same keys, children and tags
		assertThat(purchase.getLines()).extracting(PurchaseLine::getId).allMatch((id) -> id.startsWith("line_"));
		assertThat(purchase.getTags()).containsExactly("gift", "express");
	}

	@Test
	void insideATransactionTheInsertJoinsIt() {
		TransactionTemplate transaction = new TransactionTemplate(this.transactionManager);
		InsertResult<Article> result = transaction.execute((status) -> this.articles.insert(new Article("Joined")));
		assertThat(result.created()).isTrue();
		assertThat(this.articles.findById(result.entity().getId())).isPresent();
	}

}
