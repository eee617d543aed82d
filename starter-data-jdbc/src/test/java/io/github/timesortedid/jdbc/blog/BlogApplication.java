package io.github.timesortedid.jdbc.blog;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** The application: its package holds the aggregates and repositories Spring Boot finds. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class BlogApplication {

}
