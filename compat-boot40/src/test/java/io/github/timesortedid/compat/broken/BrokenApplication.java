package io.github.timesortedid.compat.broken;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application whose only entity, {@link Counter}, has a key type {@code @TimeSortedId} cannot fill. */
@SpringBootApplication
public class BrokenApplication {

}
