/**
 * Spring Boot auto-configuration for time-sorted-id: the settings, registry and ID beans handed to
 * Hibernate, retry-safe inserts, the ID resolver and typed IDs at the web edges, with the failure
 * analyzers and the check of the Hibernate ORM and Spring Framework versions on the classpath.
 */
@NullMarked
package io.github.timesortedid.autoconfigure;

import org.jspecify.annotations.NullMarked;
