package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.Repository;

/** A bare {@code Repository} with the fragment: nothing of {@code CrudRepository} is needed. */
public interface SampleRepository extends Repository<Sample, Long>, TimeRangeRepository<Sample, Long> {

	Sample save(Sample sample);

}
