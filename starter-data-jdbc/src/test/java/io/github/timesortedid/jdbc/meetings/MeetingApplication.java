package io.github.timesortedid.jdbc.meetings;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** Meetings in their organiser's time zone. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class MeetingApplication {

}
