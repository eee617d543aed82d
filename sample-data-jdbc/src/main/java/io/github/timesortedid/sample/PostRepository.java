package io.github.timesortedid.sample;

import io.github.timesortedid.insert.AggregateInsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

interface PostRepository
		extends ListCrudRepository<Post, PostId>, AggregateInsertRepository<Post>, TimeRangeRepository<Post, PostId> {

}
