package io.github.timesortedid.jdbc.shapes;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;

import io.github.timesortedid.jdbc.shapes.Cargo.Crate;
import io.github.timesortedid.jdbc.shapes.Sensor.Calibration;
import io.github.timesortedid.jdbc.shapes.Sensor.Reading;
import io.github.timesortedid.jdbc.shapes.Shelf.Dimensions;
import io.github.timesortedid.jdbc.shapes.Shelf.Geo;
import io.github.timesortedid.jdbc.shapes.Shelf.Label;
import io.github.timesortedid.jdbc.shapes.Shelf.Location;
import io.github.timesortedid.jdbc.shapes.Shelf.Slot;
import io.github.timesortedid.jdbc.shapes.Voyage.Leg;
import io.github.timesortedid.jdbc.shapes.Voyage.Port;
import org.springframework.data.jdbc.core.mapping.AggregateReference;

/**
 * One sample of each aggregate shape of the catalog, as a request would build it: {@link Shape#make}
 * gives new objects with the same values at every call (a replayed request), and each of its
 * {@link Change}s alters one property, whose path a conflict must name.
 */
public final class Shapes {

	/** The tables of the catalog, each of which a replay must leave as it was. */
	public static final List<String> TABLES = List.of("ledger", "shelf", "slot", "sensor", "reading", "calibration",
			"voyage", "leg", "port", "crew", "memo", "cargo", "crate");

	private Shapes() {
	}

	/**
	 * IDs of other aggregates that references point to, the same for every sample made in one application.
	 * @param ledger a ledger's ID
	 * @param voyage a voyage's ID
	 * @param cargo a cargo's ID
	 */
	public record References(String ledger, VoyageId voyage, CargoId cargo) {

	}

	/**
	 * One change to a sample.
	 * @param kind what kind of property it changes, for test names
	 * @param properties the paths a conflict names for it
	 * @param apply the change
	 */
	public record Change(String kind, List<String> properties, Consumer<Object> apply) {

		@Override
		public String toString() {
			return this.kind + " " + this.properties;
		}

	}

	/**
	 * How to make and change one shape.
	 * @param name the shape, for test names
	 * @param type the aggregate root's class
	 * @param make makes the aggregate, new objects with the same values at every call
	 * @param changes the changes a replay may carry
	 */
	public record Shape(String name, Class<?> type, Function<References, Object> make, List<Change> changes) {

		@Override
		public String toString() {
			return this.name;
		}

	}

	/** Every shape of the catalog. */
	public static List<Shape> all() {
		return List.of(
				shape("every value", Ledger.class, references -> ledger(),
						change("root value", "title", (Ledger ledger) -> ledger.title = "Q2"),
						change("root value", "recordedAt", (Ledger ledger) -> ledger.recordedAt = ledger.recordedAt.plusMillis(1)),
						change("root value", "amount", (Ledger ledger) -> ledger.amount = new BigDecimal("1234.58")),
						change("root value", "thumbnail", (Ledger ledger) -> ledger.thumbnail = new byte[] { 0, -1, 127, -127 }),
						change("root value", "correlation", (Ledger ledger) -> ledger.correlation = new UUID(1, 2))),
				shape("every value null", Ledger.class, references -> new Ledger(),
						change("root value", "amount", (Ledger ledger) -> ledger.amount = BigDecimal.ONE),
						change("root value", "dueOn", (Ledger ledger) -> ledger.dueOn = LocalDate.EPOCH)),
				shape("embedded values and an ordered list", Shelf.class, references -> shelf(),
						change("root value", "name", (Shelf shelf) -> shelf.name = "B2"),
						change("embedded value", "size.depth", (Shelf shelf) -> shelf.size = new Dimensions(120, 40, 61)),
						change("nested embedded value", "location.geo.lat",
								(Shelf shelf) -> shelf.location.geo = new Geo(48.5, 2.3522)),
						change("child value", "slots[1].quantity", (Shelf shelf) -> shelf.slots.get(1).quantity++),
						new Change("list order", List.of("slots[0].item", "slots[0].quantity", "slots[1].item",
								"slots[1].quantity"), shelf -> Collections.swap(((Shelf) shelf).slots, 0, 1))),
				shape("set and map of children", Sensor.class, references -> sensor(),
						change("root value", "model", (Sensor sensor) -> sensor.model = "T-1000"),
						change("set element", "readings", (Sensor sensor) -> {
							sensor.readings.clear();
							sensor.readings.add(new Reading("a", new BigDecimal("1.250")));
							sensor.readings.add(new Reading("b", new BigDecimal("-0.127")));
						}),
						change("map entry", "calibrations[zero].correction",
								(Sensor sensor) -> sensor.calibrations.put("zero", new Calibration(0.2, "mV"))),
						change("map key", "calibrations",
								(Sensor sensor) -> sensor.calibrations.put("span", new Calibration(1.0, "mV")))),
				shape("nested children and references", Voyage.class, Shapes::voyage,
						change("root value", "vessel", (Voyage voyage) -> voyage.vessel = "Pequod"),
						change("child value", "legs[1].origin", (Voyage voyage) -> voyage.legs.get(1).origin = "Cadiz"),
						change("nested child value", "legs[0].ports[1].name",
								(Voyage voyage) -> voyage.legs.get(0).ports.set(1, new Port("Brest"))),
						change("reference", "ledger", (Voyage voyage) -> voyage.ledger = AggregateReference.to("ldg_x")),
						change("typed reference", "previous", (Voyage voyage) -> voyage.previous = null)),
				shape("version, auditing and a callback", Crew.class, references -> crew(),
						// the callback derives the call sign from the name, so a replay with another name differs in both
						new Change("root value", List.of("name", "callSign"), crew -> ((Crew) crew).name = "Starbuck"),
						change("value a callback would set", "callSign", (Crew crew) -> crew.callSign = "MATE")),
				shape("persistable", Memo.class, references -> new Memo("Call me Ishmael"),
						change("root value", "body", (Memo memo) -> memo.body = "Call me")),
				shape("binary IDs", Cargo.class, Shapes::cargo,
						change("root value", "destination", (Cargo cargo) -> cargo.destination = "Oslo"),
						change("child value", "crates[0].kilograms", (Cargo cargo) -> cargo.crates.get(0).kilograms++),
						change("binary reference", "follows", (Cargo cargo) -> cargo.follows = null)));
	}

	@SafeVarargs
	private static Shape shape(String name, Class<?> type, Function<References, Object> make, Change... changes) {
		return new Shape(name, type, make, List.of(changes));
	}

	@SuppressWarnings("unchecked")
	private static <T> Change change(String kind, String property, Consumer<T> apply) {
		return new Change(kind, List.of(property), aggregate -> apply.accept((T) aggregate));
	}

	static Ledger ledger() {
		Ledger ledger = new Ledger();
		ledger.title = "Q1";
		ledger.recordedAt = Instant.parse("2026-03-01T10:15:30.123456789Z");
		ledger.dueAt = LocalDateTime.parse("2026-03-31T23:59:59.999999499");
		ledger.confirmedAt = OffsetDateTime.of(2026, 3, 1, 11, 15, 30, 987654321, ZoneOffset.ofHoursMinutes(5, 30));
		ledger.dueOn = LocalDate.parse("2026-03-31");
		ledger.dueBy = LocalTime.parse("17:30:00.250000501");
		ledger.postedAt = new Date(Instant.parse("2026-03-01T10:15:30.123Z").toEpochMilli());
		// more digits than the column's scale of 2, rounded half up by the database
		ledger.amount = new BigDecimal("1234.565");
		ledger.weight = 0.1f;
		ledger.rate = 0.1 + 0.2;
		ledger.certainty = Ledger.Certainty.FINAL;
		ledger.archived = true;
		ledger.audited = true;
		ledger.thumbnail = new byte[] { 0, -1, 127, -128 };
		ledger.correlation = UUID.fromString("0190f2a4-5b6c-7d8e-9f01-23456789abcd");
		return ledger;
	}

	static Shelf shelf() {
		Shelf shelf = new Shelf();
		shelf.name = "A1";
		shelf.label = new Label("fragile");
		shelf.size = new Dimensions(120, 40, 60);
		shelf.location = new Location();
		shelf.location.aisle = "7";
		shelf.location.geo = new Geo(48.8566, 2.3522);
		shelf.slots.add(new Slot("bolts", 100));
		shelf.slots.add(new Slot("nuts", 250));
		return shelf;
	}

	static Sensor sensor() {
		Sensor sensor = new Sensor();
		sensor.model = "T-800";
		sensor.readings.add(new Reading("a", new BigDecimal("1.25")));
		sensor.readings.add(new Reading("b", new BigDecimal("-0.1255")));
		sensor.calibrations.put("zero", new Calibration(0.1, "mV"));
		return sensor;
	}

	static Voyage voyage(References references) {
		Voyage voyage = new Voyage();
		voyage.vessel = "Essex";
		voyage.ledger = AggregateReference.to(references.ledger());
		voyage.previous = AggregateReference.to(references.voyage());
		voyage.legs.add(new Leg("Nantucket", "Azores", "Cape Verde"));
		voyage.legs.add(new Leg("Cape Horn", "Valparaiso"));
		return voyage;
	}

	static Crew crew() {
		Crew crew = new Crew();
		crew.name = "Ahab";
		return crew;
	}

	static Cargo cargo(References references) {
		Cargo cargo = new Cargo();
		cargo.destination = "Bergen";
		cargo.follows = AggregateReference.to(references.cargo());
		cargo.crates.add(new Crate(12));
		cargo.crates.add(new Crate(30));
		return cargo;
	}

}
