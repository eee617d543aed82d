package io.github.timesortedid.docs.quickstart;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The guide's first application: accounts and their posts, over REST, on embedded H2. */
@SpringBootApplication
public class QuickstartApplication {

}
