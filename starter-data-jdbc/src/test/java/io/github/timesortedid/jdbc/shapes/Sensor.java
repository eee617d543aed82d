package io.github.timesortedid.jdbc.shapes;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.github.timesortedid.TimeSortedId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.MappedCollection;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate with a {@code UUID} ID, a set of readings (entities without IDs) and a map of calibrations. */
@Table
public class Sensor {

	@Id
	@TimeSortedId
	UUID id;

	String model;

	Set<Reading> readings = new LinkedHashSet<>();

	@MappedCollection(keyColumn = "calibration_name")
	Map<String, Calibration> calibrations = new LinkedHashMap<>();

	/** A reading, in a set. */
	public record Reading(String channel, BigDecimal millivolts) {

	}

	/** A calibration, in a map by its name. */
	public record Calibration(double correction, String unit) {

	}

}
