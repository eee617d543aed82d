package io.github.timesortedid.insert;

import io.github.timesortedid.autoconfigure.fixtures.orders.OrdersApplication;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Every real-entity retry-safe insert test again with {@code time-sorted-id.storage=binary}:
 * collections, embeddables without {@code equals()}, {@code Instant.now()} timestamps, decimals
 * with excess scale, and the injected faults, with the order and line IDs kept as bytes.
 */
@SpringBootTest(classes = { OrdersApplication.class, RealEntityInsertTests.Faults.class },
		properties = { "time-sorted-id.insert.initial-delay=1ms", "time-sorted-id.insert.jitter=0ms",
				"time-sorted-id.storage=binary" })
class RealEntityBinaryInsertTests extends RealEntityInsertTests {

}
