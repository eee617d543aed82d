/**
 * Pages of the application as a whole.
 */
package io.github.timesortedid.clinic.system;
