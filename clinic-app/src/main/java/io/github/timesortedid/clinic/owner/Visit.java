package io.github.timesortedid.clinic.owner;

import java.time.LocalDate;

import io.github.timesortedid.clinic.model.BaseEntity;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import org.springframework.format.annotation.DateTimeFormat;

/** A visit of a pet to the clinic: {@code visit_} + a uuidv7 body. */
@Entity
@Table(name = "visits")
public class Visit extends BaseEntity<VisitId> {

	private static final long serialVersionUID = 1L;

	@Column(name = "visit_date")
	@DateTimeFormat(pattern = "yyyy-MM-dd")
	@NotNull
	private LocalDate date;

	@Column(name = "description")
	@NotBlank
	private String description;

	/** Makes a visit for today. */
	public Visit() {
		this.date = LocalDate.now();
	}

	public LocalDate getDate() {
		return this.date;
	}

	public void setDate(LocalDate date) {
		this.date = date;
	}

	public String getDescription() {
		return this.description;
	}

	public void setDescription(String description) {
		this.description = description;
	}

}
