/**
 * Owners, their pets and the pets' visits: entities, typed IDs, the repository and the pages.
 */
package io.github.timesortedid.clinic.owner;
