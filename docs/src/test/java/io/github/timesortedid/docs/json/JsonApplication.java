package io.github.timesortedid.docs.json;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The guide's application whose snowflake IDs reach JavaScript. */
@SpringBootApplication
public class JsonApplication {

}
