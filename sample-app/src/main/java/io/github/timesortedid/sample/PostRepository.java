package io.github.timesortedid.sample;

import io.github.timesortedid.insert.InsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.jpa.repository.JpaRepository;

interface PostRepository
		extends JpaRepository<Post, PostId>, InsertRepository<Post>, TimeRangeRepository<Post, PostId> {

}
