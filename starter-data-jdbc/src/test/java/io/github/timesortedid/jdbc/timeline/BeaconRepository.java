package io.github.timesortedid.jdbc.timeline;

import java.util.UUID;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

public interface BeaconRepository extends ListCrudRepository<Beacon, UUID>, TimeRangeRepository<Beacon, UUID> {

}
