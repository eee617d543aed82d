package io.github.timesortedid.docs.typed;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The guide's application with typed IDs. */
@SpringBootApplication
public class TypedApplication {

}
