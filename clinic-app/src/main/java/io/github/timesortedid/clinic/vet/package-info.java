/**
 * Vets and their specialties: entities, typed IDs, the repository, the page and the JSON.
 */
package io.github.timesortedid.clinic.vet;
