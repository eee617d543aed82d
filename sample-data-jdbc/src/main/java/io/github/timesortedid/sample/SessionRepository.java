package io.github.timesortedid.sample;

import org.springframework.data.repository.ListCrudRepository;

interface SessionRepository extends ListCrudRepository<Session, SessionId> {

}
