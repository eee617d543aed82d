package io.github.timesortedid.compat.app;

import io.github.timesortedid.insert.InsertRepository;
import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.jpa.repository.JpaRepository;

public interface ArticleRepository
		extends JpaRepository<Article, String>, InsertRepository<Article>, TimeRangeRepository<Article, String> {

}
