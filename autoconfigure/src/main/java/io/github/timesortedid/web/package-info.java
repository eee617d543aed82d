/**
 * Typed IDs at the web edges: a Spring converter and a Jackson module.
 */
@NullMarked
package io.github.timesortedid.web;

import org.jspecify.annotations.NullMarked;
