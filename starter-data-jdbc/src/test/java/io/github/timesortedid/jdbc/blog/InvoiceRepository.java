package io.github.timesortedid.jdbc.blog;

import org.springframework.data.repository.CrudRepository;

public interface InvoiceRepository extends CrudRepository<Invoice, String> {

}
