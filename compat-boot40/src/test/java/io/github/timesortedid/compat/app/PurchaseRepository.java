package io.github.timesortedid.compat.app;

import io.github.timesortedid.insert.InsertRepository;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface PurchaseRepository extends JpaRepository<Purchase, String>, InsertRepository<Purchase> {

	@Query("select count(p) from Purchase p where p.customer = ?1")
	long countByCustomer(String customer);

	@Query("select count(l) from PurchaseLine l where l.sku like ?1")
	long countLinesLike(String sku);

}
