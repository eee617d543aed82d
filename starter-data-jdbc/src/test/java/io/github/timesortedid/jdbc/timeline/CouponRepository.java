package io.github.timesortedid.jdbc.timeline;

import io.github.timesortedid.query.TimeRangeRepository;
import org.springframework.data.repository.ListCrudRepository;

public interface CouponRepository extends ListCrudRepository<Coupon, String>, TimeRangeRepository<Coupon, String> {

}
