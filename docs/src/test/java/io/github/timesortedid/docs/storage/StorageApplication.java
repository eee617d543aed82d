package io.github.timesortedid.docs.storage;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The guide's application that keeps IDs as bits. */
@SpringBootApplication
public class StorageApplication {

}
