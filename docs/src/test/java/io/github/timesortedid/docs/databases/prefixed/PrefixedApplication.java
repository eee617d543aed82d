package io.github.timesortedid.docs.databases.prefixed;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application moved from {@code bigserial} keys to prefixed string keys. */
@SpringBootApplication
public class PrefixedApplication {

}
