package io.github.timesortedid.jdbc.blog;

import org.springframework.data.repository.ListCrudRepository;

public interface AuthorRepository extends ListCrudRepository<Author, AuthorId> {

}
