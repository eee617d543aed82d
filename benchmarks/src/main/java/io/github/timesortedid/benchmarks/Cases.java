package io.github.timesortedid.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What each generation benchmark measures: the format group it belongs to, the implementation,
 * and whether it is ours, a peer producing the same format, or a baseline of another format.
 */
final class Cases {

	enum Role {

		OURS, PEER, BASELINE

	}

	record Case(String group, String implementation, Role role) {
	}

	private static final Map<String, Case> CASES = new LinkedHashMap<>();

	static {
		group("ULID string, secure random", "ulid_ours_secure", "ulid_ulidCreator_secure:ulid-creator 5.2.4 (monotonic)");
		group("ULID string, fast random", "ulid_ours_fast", "ulid_ulidCreator_fast:ulid-creator 5.2.4 (monotonic)");
		group("UUIDv7 as java.util.UUID, secure random", "uuidv7_ours", "uuidv7_uuidCreator:uuid-creator 6.1.1",
				"uuidv7_jug:java-uuid-generator 5.2.0", "uuidv7_hibernate:Hibernate 7.4 UuidVersion7Strategy",
				"uuidv4_jdkRandomUUID:UUID.randomUUID() (v4, baseline)");
		group("UUIDv7 canonical string, secure random", "uuidv7String_ours", "uuidv7String_uuidCreator:uuid-creator 6.1.1",
				"uuidv7String_jug:java-uuid-generator 5.2.0", "uuidv7String_hibernate:Hibernate 7.4 UuidVersion7Strategy");
		group("KSUID string, secure random", "ksuid_ours", "ksuid_ksuidCreator:ksuid-creator 4.1.1 (monotonic)");
		group("ObjectId hex string", "objectid_ours", "objectid_bson:org.mongodb:bson 5.14");
		group("64-bit time-ordered long", "snowflake_ours", "snowflake_tsidCreator:tsid-creator 5.2.6 (TSID)",
				"snowflake_hypersistenceTsid:hypersistence-tsid 2.1.4 (TSID)");
		group("post_ + UUIDv7 base32 (TypeID), secure random", "prefixed_ours", "prefixed_typeidJava:typeid-java-jdk8 0.2.0");
	}

	private Cases() {
	}

	private static void group(String group, String ours, String... others) {
		CASES.put(ours, new Case(group, "time-sorted-id", Role.OURS));
		for (String other : others) {
			String[] parts = other.split(":", 2);
			CASES.put(parts[0], new Case(group, parts[1], parts[1].contains("baseline") ? Role.BASELINE : Role.PEER));
		}
	}

	/** The case of a JMH benchmark, by its method name. */
	static Case of(String benchmark) {
		Case found = CASES.get(benchmark.substring(benchmark.lastIndexOf('.') + 1));
		if (found == null) {
			throw new IllegalArgumentException("No case for benchmark " + benchmark);
		}
		return found;
	}

}
