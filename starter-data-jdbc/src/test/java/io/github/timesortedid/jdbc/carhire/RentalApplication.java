package io.github.timesortedid.jdbc.carhire;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/**
 * A car rental whose aggregate refers to its customer by an {@code AggregateReference}, although the
 * customer is no aggregate Spring Data JDBC maps with an {@code @Id} (in a real application, a JPA
 * entity with {@code @jakarta.persistence.Id}).
 */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class RentalApplication {

}
