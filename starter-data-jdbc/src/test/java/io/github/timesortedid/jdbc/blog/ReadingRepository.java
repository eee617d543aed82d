package io.github.timesortedid.jdbc.blog;

import org.springframework.data.repository.CrudRepository;

public interface ReadingRepository extends CrudRepository<Reading, Long> {

}
