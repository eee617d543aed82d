package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.CrudRepository;

public interface ReceiptRepository extends CrudRepository<Receipt, String>, TimeRangeRepository<Receipt, String> {

}
