package io.github.timesortedid.docs.quickstart;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.jayway.jsonpath.JsonPath;
import io.github.timesortedid.id.IdSegment;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.model.ParsedId;
import io.github.timesortedid.query.IdResolver;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's walk-through, as its reader would try it: an entity with a prefixed ID, the algorithm
 * chosen in YAML, an ID minted ahead, a {@code PUT} sent twice and once with other data, a time
 * range; and the Java API of inserts and parsing.
 */
@SpringBootTest(classes = QuickstartApplication.class,
		properties = "spring.config.import=classpath:config/quickstart.yml")
@AutoConfigureMockMvc
class QuickstartTests {

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private PostRepository posts;

	@Autowired
	private AccountRepository accounts;

	@Autowired
	private IdResolver idResolver;

	@Test
	void aPutSentTwiceStoresOnePostAndADifferentOneIsAConflict() throws Exception {
		Account ada = this.accounts.insert(new Account("Ada")).entity();
		Instant before = Instant.now();
		long stored = this.posts.count();
		String id = JsonPath.read(this.mvc.get().uri("/ids/new?type=post").exchange().getResponse().getContentAsString(),
				"$.id");
		assertThat(id).startsWith("post_").hasSize(31);
		String json = "{\"accountId\":\"" + ada.getId() + "\",\"title\":\"Hello\",\"body\":\"First post\"}";
		assertThat(put(id, json)).hasStatus(HttpStatus.CREATED);
		assertThat(put(id, json)).hasStatus(HttpStatus.OK).bodyJson().extractingPath("$.title").isEqualTo("Hello");
		assertThat(this.posts.count()).isEqualTo(stored + 1);
		assertThat(put(id, json.replace("Hello", "Hi"))).hasStatus(HttpStatus.CONFLICT);
		assertThat(this.mvc.get().uri("/posts?from={from}&to={to}", before, Instant.now().plusMillis(1)))
			.hasStatusOk()
			.bodyJson()
			.extractingPath("$[*].id")
			.asArray()
			.containsExactly(id);
	}

	@Test
	void anInsertSaysWhetherItWroteTheRow() {
		Account account = this.accounts.insert(new Account("Grace")).entity();
		PostRepository postRepository = this.posts;
		// tag::insert-result[]
		InsertResult<Post> result = postRepository.insert(new Post(account.getId(), "Hello", "..."));
		result.created(); // true if this call's INSERT wrote the row
		result.alreadyExisted(); // true if it was already there with the same data
		result.entity(); // the stored entity: the one passed in if created, else the stored one
		result.attempts(); // 1 unless a transient failure was retried
		// end::insert-result[]
		assertThat(result.created()).isTrue();
		assertThat(result.alreadyExisted()).isFalse();
		assertThat(result.entity().getShareCode()).startsWith("share_").hasSize(28);
		assertThat(result.attempts()).isOne();
	}

	@Test
	void anyIdTellsItsEntityAlgorithmAndInstant() {
		IdResolver idResolver = this.idResolver;
		// tag::parse[]
		ParsedId parsed = idResolver.parse("post_01m80rs6chfewt7g6esxehmtnx");
		parsed.entityName(); // "Post"
		parsed.prefix(); // "post"
		parsed.algorithm(); // "uuidv7"
		parsed.body(); // "01m80rs6chfewt7g6esxehmtnx"
		parsed.createdAt(); // Optional[2026-11-22T04:38:41.297Z] (empty for random tokens)
		parsed.value(); // the ID as the attribute's Java type, e.g. a PostId

		Optional<Object> entity = idResolver.find("post_01m80rs6chfewt7g6esxehmtnx");
		Optional<Post> post = idResolver.find("post_01m80rs6chfewt7g6esxehmtnx", Post.class);
		// end::parse[]
		assertThat(parsed.entityName()).isEqualTo("Post");
		assertThat(parsed.prefix()).isEqualTo("post");
		assertThat(parsed.algorithm()).isEqualTo("uuidv7");
		assertThat(parsed.body()).isEqualTo("01m80rs6chfewt7g6esxehmtnx");
		assertThat(parsed.createdAt()).contains(Instant.parse("2026-11-22T04:38:41.297Z"));
		assertThat(parsed.value()).isEqualTo("post_01m80rs6chfewt7g6esxehmtnx");
		assertThat(entity).isEmpty();
		assertThat(post).isEmpty();
	}

	@Test
	void anIdShowsItsBitLayout() {
		IdResolver idResolver = this.idResolver;
		List<IdSegment> printed = new ArrayList<>();
		// tag::segments[]
		for (IdSegment segment : idResolver.parse("post_01m82r9vs6ft7a067f9xpf109x").segments()) {
			System.out.println(segment);
			// end::segments[]
			printed.add(segment);
			// tag::segments[]
		}
		// end::segments[]
		assertThat(printed).extracting(IdSegment::name).containsExactly("unix_ts_ms", "ver", "rand_a", "var", "rand_b");
		assertThat(printed.get(0).value()).isEqualTo("1795388927782");
		assertThat(printed.get(0).instant()).isEqualTo(Instant.parse("2026-11-22T23:08:47.782Z"));
		assertThat(printed.get(1).value()).isEqualTo("0111");
	}

	private MvcTestResult put(String id, String json) {
		return this.mvc.put().uri("/posts/{id}", id).contentType(MediaType.APPLICATION_JSON).content(json).exchange();
	}

}
