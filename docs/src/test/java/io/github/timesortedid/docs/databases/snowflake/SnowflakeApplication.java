package io.github.timesortedid.docs.databases.snowflake;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application moved from a database sequence to snowflake keys. */
@SpringBootApplication
public class SnowflakeApplication {

}
