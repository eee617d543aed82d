package io.github.timesortedid.sample;

import io.github.timesortedid.insert.InsertRepository;
import org.springframework.data.jpa.repository.JpaRepository;

interface PostRepository extends JpaRepository<Post, String>, InsertRepository<Post> {

}
