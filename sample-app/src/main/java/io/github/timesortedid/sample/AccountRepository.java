package io.github.timesortedid.sample;

import org.springframework.data.jpa.repository.JpaRepository;

interface AccountRepository extends JpaRepository<Account, AccountId> {

}
