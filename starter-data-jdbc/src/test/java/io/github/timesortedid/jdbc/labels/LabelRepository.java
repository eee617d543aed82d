package io.github.timesortedid.jdbc.labels;

import org.springframework.data.repository.CrudRepository;

public interface LabelRepository extends CrudRepository<Label, String> {

}
