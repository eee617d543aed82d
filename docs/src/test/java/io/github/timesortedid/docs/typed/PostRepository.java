package io.github.timesortedid.docs.typed;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.jpa.repository.JpaRepository;

// tag::repository[]
public interface PostRepository extends JpaRepository<Post, PostId>, TimeRangeRepository<Post, PostId> {

}
// end::repository[]
