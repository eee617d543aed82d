package io.github.timesortedid.docs.quickstart;

import io.github.timesortedid.insert.InsertRepository;
import org.springframework.data.jpa.repository.JpaRepository;

public interface AccountRepository extends JpaRepository<Account, String>, InsertRepository<Account> {

}
