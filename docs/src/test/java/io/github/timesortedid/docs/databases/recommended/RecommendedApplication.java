package io.github.timesortedid.docs.databases.recommended;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application on tables made by hand with the recommended columns. */
@SpringBootApplication
public class RecommendedApplication {

}
