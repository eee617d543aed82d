package io.github.timesortedid.autoconfigure;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.autoconfigure.fixtures.clinic.ClinicApplication;
import io.github.timesortedid.autoconfigure.fixtures.clinic.Owner;
import io.github.timesortedid.autoconfigure.fixtures.clinic.OwnerRepository;
import io.github.timesortedid.autoconfigure.fixtures.clinic.Pet;
import io.github.timesortedid.autoconfigure.fixtures.clinic.PetId;
import io.github.timesortedid.autoconfigure.fixtures.clinic.PetRepository;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Car;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.InheritanceApplication;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MatrixApplication;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchRandom;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchSequential;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchUtcId;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxCouchUtcRandom;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxHexUlid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKsuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxKuuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxObjectId;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxRandom;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxSnowflakeLong;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxSnowflakeText;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxTyped;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxTypedId;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUlid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUlidBinary;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUlidUuid;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUuidv7;
import io.github.timesortedid.autoconfigure.fixtures.matrix.MxUuidv7Uuid;
import io.github.timesortedid.model.ColumnFamily;
import io.github.timesortedid.model.IdField;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The public way to mint an ID ahead of the request that will use it. */
class TimeSortedIdsTests {

	@Test
	void mintsByTypedIdByEntityAndByPrefixAndTheIdIsKeptOnInsert() {
		try (ConfigurableApplicationContext context = run(ClinicApplication.class, "mint-clinic")) {
			TimeSortedIds ids = context.getBean(TimeSortedIds.class);
			PetId byType = ids.next(PetId.class);
			PetId byEntity = ids.next(Pet.class);
			assertThat(byType.value()).startsWith("pet_");
			assertThat(byEntity.value()).startsWith("pet_").isGreaterThan(byType.value());
			assertThat(ids.nextWithPrefix("owner")).startsWith("owner_");

			Owner owner = context.getBean(OwnerRepository.class).insert(new Owner("Escobito")).entity();
			Pet pet = new Pet("Rosy", null, owner);
			pet.setId(byType);
			context.getBean(PetRepository.class).insert(pet);
			assertThat(context.getBean(PetRepository.class).findById(byType)).isPresent();
		}
	}

	@Test
	void anInheritedIdIsMintedForASubclassAndUnknownTypesAreNamed() {
		try (ConfigurableApplicationContext context = run(InheritanceApplication.class, "mint-inheritance",
				"time-sorted-id.entities.Invoice.prefix=inv", "time-sorted-id.entities.Receipt.prefix=rcp")) {
			TimeSortedIds ids = context.getBean(TimeSortedIds.class);
			String carId = ids.next(Car.class);
			assertThat(carId).startsWith("veh_");
			assertThatIllegalArgumentException().isThrownBy(() -> ids.next(String.class))
				.withMessage("java.lang.String is neither an entity with an @Id @TimeSortedId attribute nor the typed ID "
						+ "of one; known: Animal, Invoice, Receipt, Vehicle");
			assertThatIllegalArgumentException().isThrownBy(() -> ids.nextWithPrefix("car"))
				.withMessage("Unknown ID prefix 'car'; known prefixes are inv, rcp, veh");
		}
	}

	/**
	 * IDs for a known instant (imports, back-fills, tests) through the bean, for an entity of every
	 * time-ordered algorithm and Java type: each in the attribute's own form (prefix, Java type,
	 * storage), carrying the instant, a second one for the same instant above the first; an entity
	 * whose IDs carry no time is refused, naming its attribute.
	 */
	@Test
	void mintsForAGivenInstantInTheAttributesOwnFormAndRefusesIdsWithoutTime() {
		List<Class<?>> timed = List.of(MxUuidv7.class, MxUuidv7Uuid.class, MxUlid.class, MxUlidUuid.class,
				MxUlidBinary.class, MxHexUlid.class, MxKuuid.class, MxKsuid.class, MxCouchUtcRandom.class, MxCouchUtcId.class,
				MxSnowflakeLong.class, MxSnowflakeText.class, MxObjectId.class, MxTyped.class);
		List<Class<?>> untimed = List.of(MxRandom.class, MxCouchRandom.class, MxCouchSequential.class);
		List<Class<?>> all = new ArrayList<>(timed);
		all.addAll(untimed);
		try (ConfigurableApplicationContext context = run(MatrixApplication.class, "mint-matrix",
				"test.entities=" + String.join(",", all.stream().map(Class::getName).toList()),
				"time-sorted-id.couchdb-utc-id.suffix=@mycouch", "time-sorted-id.kuuid.millisecond=true")) {
			TimeSortedIds ids = context.getBean(TimeSortedIds.class);
			TimeSortedIdRegistry registry = context.getBean(TimeSortedIdRegistry.class);
			Instant instant = Instant.parse("2019-03-01T12:34:56.789123Z");
			for (Class<?> entity : timed) {
				IdField field = registry.identifierOf(entity).orElseThrow();
				Object id = ids.nextAt(entity, instant);
				assertThat(id).as("%s", entity).isInstanceOf(field.javaType());
				assertThat(field.checkAssigned(id)).isEqualTo(id);
				assertThat(field.instantOf(id)).as("%s", entity)
					.isEqualTo(instant.truncatedTo(field.timeOrdered().precision()));
				if (entity != MxCouchUtcId.class) {
					Object again = ids.nextAt(entity, instant);
					ColumnFamily order = (field.binary() != null) ? ColumnFamily.BINARY : field.valueType().column();
					assertThat(order.compare(stored(field, id), stored(field, again)))
						.as("%s: %s, then %s", entity, id, again).isNegative();
				}
			}
			assertThat((String) ids.nextAt(MxUuidv7.class, instant)).startsWith("uv_");
			assertThat(ids.<MxTypedId>nextAt(MxTypedId.class, instant).value()).startsWith("ty_");
			for (Class<?> entity : untimed) {
				assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> ids.nextAt(entity, instant))
					.withMessageStartingWith(entity.getSimpleName() + ".id uses ")
					.withMessageContaining(", whose IDs carry no time");
			}
		}
	}

	/** The value as the column holds it, to compare in the column's order. */
	private static Object stored(IdField field, Object id) {
		if (field.binary() != null) {
			return field.binary().toBytes(field.valueType().unwrap(id));
		}
		return field.valueType().isText() ? field.valueType().unwrap(id) : id;
	}

	private static ConfigurableApplicationContext run(Class<?> application, String database, String... properties) {
		return new SpringApplicationBuilder(application).web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:" + database)
			.properties(properties)
			.run();
	}

}
