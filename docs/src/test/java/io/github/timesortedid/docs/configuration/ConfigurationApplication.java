package io.github.timesortedid.docs.configuration;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application the guide's configuration example starts. */
@SpringBootApplication
public class ConfigurationApplication {

}
