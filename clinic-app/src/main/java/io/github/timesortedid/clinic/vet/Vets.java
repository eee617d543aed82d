package io.github.timesortedid.clinic.vet;

import java.util.List;

/**
 * The vets as the JSON endpoint writes them: {@code {"vetList": [...]}}.
 *
 * @param vetList the vets
 */
public record Vets(List<Vet> vetList) {

}
