package io.github.timesortedid.clinic.vet;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.timesortedid.clinic.model.Person;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.Table;

/** A veterinarian: {@code vet_} + a uuidv7 body. */
@Entity
@Table(name = "vets")
public class Vet extends Person<VetId> {

	private static final long serialVersionUID = 1L;

	@ManyToMany(fetch = FetchType.EAGER)
	@JoinTable(name = "vet_specialties", joinColumns = @JoinColumn(name = "vet_id"),
			inverseJoinColumns = @JoinColumn(name = "specialty_id"))
	private Set<Specialty> specialties = new HashSet<>();

	/**
	 * Returns the vet's specialties by name.
	 * @return the specialties
	 */
	public List<Specialty> getSpecialties() {
		return this.specialties.stream().sorted(Comparator.comparing(Specialty::getName)).toList();
	}

	public int getNrOfSpecialties() {
		return this.specialties.size();
	}

	public void addSpecialty(Specialty specialty) {
		this.specialties.add(specialty);
	}

}
