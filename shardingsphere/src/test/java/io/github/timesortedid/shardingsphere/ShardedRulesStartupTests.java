package io.github.timesortedid.shardingsphere;

import java.util.LinkedHashMap;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.shardingsphere.fixtures.Account;
import io.github.timesortedid.shardingsphere.fixtures.AccountRepository;
import io.github.timesortedid.shardingsphere.fixtures.Post;
import io.github.timesortedid.shardingsphere.fixtures.PostRepository;
import io.github.timesortedid.shardingsphere.shop.Customer;
import io.github.timesortedid.shardingsphere.shop.CustomerRepository;
import io.github.timesortedid.shardingsphere.shop.Purchase;
import io.github.timesortedid.shardingsphere.shop.PurchaseRepository;
import io.github.timesortedid.shardingsphere.shop.ShopApplication;
import io.github.timesortedid.shardingsphere.testsupport.BlogContext;
import io.github.timesortedid.shardingsphere.testsupport.PostgresShards;
import io.github.timesortedid.testsupport.FailureAnalyses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Sharding rules that do not fit the IDs their columns hold fail startup, for the JPA blog and the
 * Spring Data JDBC shop alike, instead of the first statement that names the column: an algorithm
 * whose {@code prefix} is not that of the column's IDs, and binding tables routed by columns that
 * hold different IDs. Each start uses the module's rules with one mistake written into them; if a
 * start succeeds, the case does what the application would do first, so that a missing check shows
 * what the mistake costs at run time.
 */
class ShardedRulesStartupTests {

	private static Map<String, DataSource> shopShards;

	private static Map<String, DataSource> blogShards;

	@BeforeAll
	static void shards() {
		shopShards = PostgresShards.newDatabases();
		PostgresShards.runScript(shopShards, "sharding/shop-schema-postgresql.sql");
		blogShards = PostgresShards.newDatabases();
		PostgresShards.runScript(blogShards, "sharding/schema-postgresql.sql");
	}

	@Test
	void anAlgorithmWhosePrefixIsNotThatOfItsColumnsIdsFailsTheShopsStartup() {
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(() -> shop(Map.of("prefix: pur ", "prefix: order "))));
		// tag::prefix[]
		assertThat(analysis.getDescription()).contains("purchase_line.purchase_id is routed by the sharding algorithm "
				+ "'purchase-id' (TIME_SORTED_ID_MOD) with prefix 'order', but it holds the IDs of Purchase.id (a reference "
				+ "of Purchase.lines to Purchase.id), whose prefix is 'pur'");
		// end::prefix[]
		assertThat(analysis.getDescription()).contains("purchase.id is routed by the sharding algorithm 'purchase-id'");
		assertThat(analysis.getAction()).contains("prefix: pur");
	}

	@Test
	void anAlgorithmWhosePrefixIsNotThatOfItsColumnsIdsFailsTheBlogsStartup() {
		Map<String, String> changes = new LinkedHashMap<>();
		changes.put("shardingColumn: post_id      # a comment lives with its post\n            shardingAlgorithmName: post-id",
				"shardingColumn: post_id\n            shardingAlgorithmName: comment-id");
		changes.put("      account-id:\n", algorithm("comment-id", "cmt") + "      account-id:\n");
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(() -> blog(changes)));
		assertThat(analysis.getDescription()).contains("comment.post_id is routed by the sharding algorithm 'comment-id' "
				+ "(TIME_SORTED_ID_MOD) with prefix 'cmt', but it holds the IDs of Post.id (references Post.id), whose "
				+ "prefix is 'post'");
		assertThat(analysis.getAction()).contains("prefix: post");
	}

	@Test
	void anAlgorithmThatNamesAnotherIdAlgorithmThanItsColumnsFailsStartup() {
		FailureAnalysis analysis = FailureAnalyses
			.of(catchThrowable(() -> blog(Map.of("id-algorithm: uuidv7 ", "id-algorithm: ulid "))));
		assertThat(analysis.getDescription()).contains("post.id is routed by the sharding algorithm 'post-id' "
				+ "(TIME_SORTED_ID_MOD) with id-algorithm 'ulid', but it holds the IDs of Post.id, whose algorithm is 'uuidv7'");
		assertThat(analysis.getAction()).contains("id-algorithm: uuidv7");
	}

	@Test
	void aShardingColumnTheMappingMapsNothingToIsLeftAlone() {
		// the lines bound to their purchase but routed by a column that holds no ID the library knows of:
		// it may hold IDs all the same (written by plain SQL), so the start is not refused
		Map<String, String> changes = Map.of("shardingColumn: purchase_id    # the back reference: a line lives with its purchase",
				"shardingColumn: product");
		try (ConfigurableApplicationContext shop = ShopApplication
			.start(PostgresShards.sharded(shopShards, "sharding/shop-mod.yaml", changes), Map.of())) {
			assertThat(shop.getBean(PurchaseRepository.class).count()).isNotNegative();
		}
	}

	@Test
	void bindingTablesRoutedByTheLinesOwnIdFailTheShopsStartup() {
		Map<String, String> changes = new LinkedHashMap<>();
		changes.put("shardingColumn: purchase_id    # the back reference: a line lives with its purchase\n"
				+ "            shardingAlgorithmName: purchase-id", "shardingColumn: id\n            shardingAlgorithmName: line-id");
		changes.put("      customer-id:\n", algorithm("line-id", "pline") + "      customer-id:\n");
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(() -> shop(changes)));
		// tag::binding[]
		assertThat(analysis.getDescription()).contains("The binding tables purchase, purchase_line are routed by columns "
				+ "that hold different IDs: purchase.id holds Purchase.id, purchase_line.id holds PurchaseLine.id");
		assertThat(analysis.getAction()).contains("Route purchase_line by purchase_line.purchase_id, which holds Purchase.id");
		// end::binding[]
	}

	@Test
	void bindingTablesRoutedByAReferenceToAnotherTableFailTheBlogsStartup() {
		Map<String, String> changes = Map.of("shardingColumn: id\n            shardingAlgorithmName: post-id",
				"shardingColumn: account_id\n            shardingAlgorithmName: account-id");
		FailureAnalysis analysis = FailureAnalyses.of(catchThrowable(() -> blog(changes)));
		assertThat(analysis.getDescription()).contains("The binding tables ")
			.contains("post.account_id holds Account.id (references Account.id)", "comment.post_id holds Post.id");
		assertThat(analysis.getAction()).contains("Route post by post.id, which holds Post.id");
	}

	/** Starts the shop on the changed rules and, if it starts, saves what it saves first. */
	private static void shop(Map<String, String> changes) {
		try (ConfigurableApplicationContext shop = ShopApplication
			.start(PostgresShards.sharded(shopShards, "sharding/shop-mod.yaml", changes), Map.of())) {
			Customer ada = shop.getBean(CustomerRepository.class).save(new Customer("Ada"));
			for (int i = 0; i < 5; i++) {
				shop.getBean(PurchaseRepository.class)
					.save(new Purchase(ada, "PLACED").line("book", 1).line("pen", 2).line("ink", 3));
			}
		}
	}

	/** Starts the blog on the changed rules and, if it starts, saves what it saves first. */
	private static void blog(Map<String, String> changes) {
		try (ConfigurableApplicationContext blog = BlogContext
			.start(PostgresShards.sharded(blogShards, "sharding/blog-mod.yaml", changes))) {
			Account ada = blog.getBean(AccountRepository.class).save(new Account("Ada"));
			for (int i = 0; i < 5; i++) {
				blog.getBean(PostRepository.class).save(new Post(ada, "post " + i).comment("first").comment("second"));
			}
		}
	}

	private static String algorithm(String name, String prefix) {
		return "      " + name + ":\n        type: TIME_SORTED_ID_MOD\n        props:\n          sharding-count: 3\n"
				+ "          prefix: " + prefix + "\n";
	}

}
