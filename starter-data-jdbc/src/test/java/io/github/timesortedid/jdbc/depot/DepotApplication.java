package io.github.timesortedid.jdbc.depot;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** An application whose aggregates use typed IDs of another package ({@code …jdbc.kernel}), as a shared module's. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class DepotApplication {

}
