package io.github.timesortedid.docs.quickstart;

import io.github.timesortedid.insert.InsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.jpa.repository.JpaRepository;

// tag::repository[]
public interface PostRepository
		extends JpaRepository<Post, String>, InsertRepository<Post>, TimeRangeRepository<Post, String> {

}
// end::repository[]
