package io.github.timesortedid.benchmarks.retrysafe;

import io.github.timesortedid.insert.InsertRepository;
import org.springframework.data.jpa.repository.JpaRepository;

/** {@code insert()} from the retry-safe fragment, and Spring Data's {@code save()} for comparison. */
public interface PostRowRepository extends JpaRepository<PostRow, String>, InsertRepository<PostRow> {

}
