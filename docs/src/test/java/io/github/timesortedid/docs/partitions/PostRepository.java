package io.github.timesortedid.docs.partitions;

import io.github.timesortedid.insert.InsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.jpa.repository.JpaRepository;

public interface PostRepository extends JpaRepository<Post, String>, TimeRangeRepository<Post, String>,
		InsertRepository<Post> {

}
