package io.github.timesortedid.sample;

import org.springframework.data.repository.ListCrudRepository;

interface AccountRepository extends ListCrudRepository<Account, AccountId> {

}
