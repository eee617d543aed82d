package io.github.timesortedid.sample;

import org.springframework.data.repository.ListCrudRepository;

interface CommentRepository extends ListCrudRepository<Comment, Long> {

}
