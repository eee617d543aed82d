package io.github.timesortedid.benchmarks.sharded;

import io.github.timesortedid.insert.InsertRepository;
import org.springframework.data.jpa.repository.JpaRepository;

/** The benchmark's rows: {@code insert()} and {@code findById}. */
public interface ShardedRowRepository extends JpaRepository<ShardedRow, String>, InsertRepository<ShardedRow> {

}
