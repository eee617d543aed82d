package io.github.timesortedid.sample;

import org.springframework.data.jpa.repository.JpaRepository;

interface PostRepository extends JpaRepository<Post, String> {

}
