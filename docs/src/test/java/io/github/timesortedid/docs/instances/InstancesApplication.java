package io.github.timesortedid.docs.instances;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The guide's application with IDs that need a node per instance. */
@SpringBootApplication
public class InstancesApplication {

}
