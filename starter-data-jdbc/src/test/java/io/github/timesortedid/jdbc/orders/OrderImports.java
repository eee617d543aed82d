package io.github.timesortedid.jdbc.orders;

import io.github.timesortedid.insert.InsertRepository;
import org.springframework.data.repository.Repository;

/**
 * Orders imported from a partner's feed, through the fragment JPA repositories extend: a team that
 * moves from JPA keeps its repository interfaces.
 */
public interface OrderImports extends Repository<PurchaseOrder, String>, InsertRepository<PurchaseOrder> {

}
