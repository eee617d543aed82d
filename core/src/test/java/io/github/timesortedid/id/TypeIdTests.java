package io.github.timesortedid.id;

import java.io.InputStream;
import java.time.Instant;
import java.util.UUID;

import io.github.timesortedid.testsupport.SettableClock;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The TypeID specification's own vectors (test resources, Apache-2.0, see NOTICE.md there). */
class TypeIdTests {

	private static JsonNode vectors(String file) throws Exception {
		try (InputStream in = TypeIdTests.class.getResourceAsStream("/vectors/typeid/" + file)) {
			return new ObjectMapper().readTree(in);
		}
	}

	@Test
	void everyValidVectorDecodesToItsUuidAndEncodesBack() throws Exception {
		JsonNode valid = vectors("valid.json");
		assertThat(valid.size()).isEqualTo(9);
		for (JsonNode vector : valid) {
			String text = vector.get("typeid").asString();
			TypeId typeId = TypeId.parse(text);
			assertThat(typeId.prefix()).as(vector.get("name").asString()).isEqualTo(vector.get("prefix").asString());
			assertThat(typeId.uuid()).isEqualTo(UUID.fromString(vector.get("uuid").asString()));
			assertThat(TypeId.of(typeId.prefix(), typeId.uuid()).toString()).isEqualTo(text);
		}
	}

	@Test
	void everyInvalidVectorIsRejectedWithAnInvalidIdException() throws Exception {
		JsonNode invalid = vectors("invalid.json");
		assertThat(invalid.size()).isEqualTo(21);
		for (JsonNode vector : invalid) {
			String text = vector.get("typeid").asString();
			assertThatExceptionOfType(InvalidIdException.class).as(vector.get("name").asString())
				.isThrownBy(() -> TypeId.parse(text))
				.withMessageStartingWith("Invalid ID ");
		}
	}

	@Test
	void aPrefixedUuidv7Base32IdIsATypeId() {
		SettableClock clock = new SettableClock(Instant.parse("2026-11-22T03:04:05.678Z"));
		UuidIdAlgorithm uuidv7 = (UuidIdAlgorithm) IdAlgorithms.create(IdAlgorithms.UUIDV7,
				AlgorithmOptions.builder().clock(clock).build());
		IdFormat post = IdFormat.of("post", "_", uuidv7);
		for (int i = 0; i < 1000; i++) {
			String id = post.next();
			TypeId typeId = TypeId.parse(id);
			assertThat(typeId.prefix()).isEqualTo("post");
			assertThat(typeId.uuid().version()).isEqualTo(7);
			assertThat(uuidv7.decode(post.body(id))).isEqualTo(typeId.uuid());
			assertThat(typeId.toString()).isEqualTo(id);
		}
	}

	@Test
	void messagesSayWhatIsWrong() {
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> TypeId.parse("PREFIX_00000000000000000000000000"))
			.withMessage("Invalid ID 'PREFIX_00000000000000000000000000': a prefix has only lowercase letters a-z and '_', but has 'P' at index 0");
		assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> TypeId.parse("prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz"))
			.withMessageContaining("starts with a digit above 7, which exceeds 128 bits");
	}

}
