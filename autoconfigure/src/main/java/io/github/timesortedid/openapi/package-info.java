/**
 * Typed IDs in OpenAPI documents made by springdoc-openapi: each typed ID class as a string schema
 * with the exact pattern, length and an example of its configured format.
 */
@NullMarked
package io.github.timesortedid.openapi;

import org.jspecify.annotations.NullMarked;
