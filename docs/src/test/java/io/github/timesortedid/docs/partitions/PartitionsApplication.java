package io.github.timesortedid.docs.partitions;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The guide's partitioned blog: posts with tags, and their comments. */
@SpringBootApplication
public class PartitionsApplication {

}
