package io.github.timesortedid.sample;

import org.springframework.data.jpa.repository.JpaRepository;

interface SessionRepository extends JpaRepository<Session, SessionId> {

}
