package io.github.timesortedid.benchmarks.retrysafe;

import org.springframework.data.jpa.repository.JpaRepository;

/** A plain Spring Data repository. */
public interface SequencePostRowRepository extends JpaRepository<SequencePostRow, Long> {

}
