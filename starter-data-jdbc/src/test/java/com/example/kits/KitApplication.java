package com.example.kits;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * An application converted to the library from identity keys, in the shape of Spring Data's JDBC
 * examples: an aggregate with a one-to-one entity that shares its root's key and a map of records, and
 * a small aggregate whose {@code Long} key became a {@code snowflake} one.
 */
@SpringBootApplication
public class KitApplication {

}
