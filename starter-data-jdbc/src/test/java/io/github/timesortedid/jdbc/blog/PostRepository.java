package io.github.timesortedid.jdbc.blog;

import java.util.List;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

// tag::queries[]
public interface PostRepository extends ListCrudRepository<Post, String> {

	List<Post> findByAuthorId(AuthorId author);

	@Query("select * from post where author_id = :author order by id")
	List<Post> postsOf(AuthorId author);

}
// end::queries[]
