package io.github.timesortedid.jdbc.plain;

import org.springframework.data.repository.CrudRepository;

public interface CardRepository extends CrudRepository<Card, CardId> {

}
