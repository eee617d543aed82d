package io.github.timesortedid.clinic.owner;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.clinic.model.Person;
import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;

/** A pet owner: {@code owner_} + a uuidv7 body. */
@Entity
@Table(name = "owners")
public class Owner extends Person<OwnerId> {

	private static final long serialVersionUID = 1L;

	@Column(name = "address")
	@NotBlank
	private String address;

	@Column(name = "city")
	@NotBlank
	private String city;

	@Column(name = "telephone")
	@NotBlank
	@Pattern(regexp = "\\d{10}", message = "must be 10 digits")
	private String telephone;

	@OneToMany(cascade = CascadeType.ALL, fetch = FetchType.EAGER, orphanRemoval = true)
	@JoinColumn(name = "owner_id")
	@OrderBy("name")
	private final List<Pet> pets = new ArrayList<>();

	public String getAddress() {
		return this.address;
	}

	public void setAddress(String address) {
		this.address = address;
	}

	public String getCity() {
		return this.city;
	}

	public void setCity(String city) {
		this.city = city;
	}

	public String getTelephone() {
		return this.telephone;
	}

	public void setTelephone(String telephone) {
		this.telephone = telephone;
	}

	public List<Pet> getPets() {
		return this.pets;
	}

	public void addPet(Pet pet) {
		if (pet.isNew()) {
			this.pets.add(pet);
		}
	}

	/**
	 * Returns the pet with the given name, ignoring case.
	 * @param name the name
	 * @param ignoreNew whether to skip pets not stored yet
	 * @return the pet, or {@code null}
	 */
	public Pet getPet(String name, boolean ignoreNew) {
		for (Pet pet : this.pets) {
			if (pet.getName() != null && pet.getName().equalsIgnoreCase(name) && !(ignoreNew && pet.isNew())) {
				return pet;
			}
		}
		return null;
	}

	/**
	 * Returns the pet with the given ID.
	 * @param id the pet's ID
	 * @return the pet, or {@code null}
	 */
	public Pet getPet(PetId id) {
		for (Pet pet : this.pets) {
			if (!pet.isNew() && pet.getId().equals(id)) {
				return pet;
			}
		}
		return null;
	}

	/**
	 * Adds a visit to one of the owner's pets.
	 * @param petId the pet's ID
	 * @param visit the new visit
	 * @throws IllegalArgumentException if the owner has no pet with that ID
	 */
	public void addVisit(PetId petId, Visit visit) {
		Pet pet = getPet(petId);
		if (pet == null) {
			throw new IllegalArgumentException("Owner " + getId() + " has no pet " + petId);
		}
		pet.addVisit(visit);
	}

	@Override
	public String toString() {
		return "Owner " + getId() + " (" + getFirstName() + " " + getLastName() + ")";
	}

}
