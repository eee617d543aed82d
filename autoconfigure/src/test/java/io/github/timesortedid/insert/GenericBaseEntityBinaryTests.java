package io.github.timesortedid.insert;

import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The generic-base-entity tests again with {@code time-sorted-id.storage=binary}: typed IDs
 * declared through {@code BaseEntity<ID extends TypedId>} stored as their bodies' bytes.
 */
@SpringBootTest(classes = ClinicApplication.class, properties = "time-sorted-id.storage=binary")
class GenericBaseEntityBinaryTests extends GenericBaseEntityTests {

}
