package io.github.timesortedid.benchmarks.inserts;

import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.hibernate.annotations.UuidGenerator;

/** Hibernate 7's own UUIDv7 generator, a native {@code uuid} column. */
@Entity
public class HibernateUuidV7Row extends BenchRow {

	@Id
	@UuidGenerator(style = UuidGenerator.Style.VERSION_7)
	private UUID id;

	public static HibernateUuidV7Row create(long n) {
		return (HibernateUuidV7Row) new HibernateUuidV7Row().fill(n);
	}

}
