package io.github.timesortedid.insert;

import io.github.timesortedid.autoconfigure.fixtures.blog.BlogApplication;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Every retry-safe insert test again with {@code time-sorted-id.storage=binary}: fixing the ID
 * first, a replay of the same data found as stored, a conflict naming what differs, other
 * constraint violations passing through, malformed assigned IDs refused before any statement.
 */
@SpringBootTest(classes = { BlogApplication.class, RetrySafeInsertTests.Counting.class },
		properties = "time-sorted-id.storage=binary")
class RetrySafeBinaryInsertTests extends RetrySafeInsertTests {

}
