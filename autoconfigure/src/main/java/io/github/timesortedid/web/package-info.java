/**
 * IDs at the web edges: a Spring converter and a Jackson module for typed IDs, and a Jackson
 * module that writes {@code Long} IDs as JSON strings for JavaScript clients.
 */
@NullMarked
package io.github.timesortedid.web;

import org.jspecify.annotations.NullMarked;
