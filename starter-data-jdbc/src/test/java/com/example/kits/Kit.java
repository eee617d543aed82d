package com.example.kits;

import java.util.HashMap;
import java.util.Map;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.MappedCollection;

/**
 * A building kit: a booklet that shares the kit's key (its ID column is the column that refers back
 * to the kit) and the figures it builds, by name.
 */
public class Kit {

	// tag::aggregate[]
	@Id
	@TimeSortedId(prefix = "kit")
	String id;
	// end::aggregate[]

	String name;

	@Column("KIT_ID")
	Booklet booklet;

	@MappedCollection(keyColumn = "NAME")
	Map<String, Figure> figures = new HashMap<>();

	public Kit(String name) {
		this.name = name;
	}

	public String getId() {
		return this.id;
	}

	public void setId(String id) {
		this.id = id;
	}

	public String getName() {
		return this.name;
	}

	public Booklet getBooklet() {
		return this.booklet;
	}

	public void setBooklet(Booklet booklet) {
		this.booklet = booklet;
	}

	public Map<String, Figure> getFigures() {
		return this.figures;
	}

	/**
	 * A figure the kit builds.
	 * @param name its name, the key of the map
	 * @param description what it looks like
	 */
	public void addFigure(String name, String description) {
		this.figures.put(name, new Figure(description));
	}

}
