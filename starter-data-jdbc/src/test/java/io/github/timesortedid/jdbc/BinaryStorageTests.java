package io.github.timesortedid.jdbc;

import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import com.github.f4b6a3.ksuid.Ksuid;
import com.github.f4b6a3.ulid.Ulid;
import io.github.timesortedid.insert.InsertResult;
import io.github.timesortedid.jdbc.labels.LabelApplication;
import io.github.timesortedid.jdbc.shipping.Parcel;
import io.github.timesortedid.jdbc.shipping.ParcelId;
import io.github.timesortedid.jdbc.shipping.Shipment;
import io.github.timesortedid.jdbc.shipping.ShipmentId;
import io.github.timesortedid.jdbc.shipping.ShipmentRepository;
import io.github.timesortedid.jdbc.shipping.ShippingApplication;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.testsupport.FailureAnalyses;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Binary storage with Spring Data JDBC: a typed ID stored as the bits of its body (a {@code uuid}
 * for 128 bits, {@code bytea} or {@code binary(20)} for a KSUID) everywhere Spring Data JDBC binds or
 * reads it, while the application sees the prefixed text; a {@code String} attribute stored as
 * binary, which Spring Data JDBC cannot convert per attribute, refused at startup.
 * <p>
 * What the columns hold is checked against independent decoders: ulid-creator for the 128 bits of a
 * TypeID body (the same Crockford base32 as a ULID), ksuid-creator for a KSUID's 20 bytes.
 */
class BinaryStorageTests {

	@ParameterizedTest
	@EnumSource(Database.class)
	void typedIdsAreStoredAsTheirBitsAndReadBackWhereverSpringDataJdbcBindsThem(Database database) throws Exception {
		DataSource dataSource = database.newDatabase();
		DataJdbcContexts.create(dataSource, ShippingApplication.DDL.replace("{binary20}",
				DatabaseKind.ofProductName(database.label()).binaryColumn(20)));
		shipping(dataSource).run(context -> {
			assertThat(context).hasNotFailed();
			ShipmentRepository shipments = context.getBean(ShipmentRepository.class);
			Shipment lost = shipments.save(new Shipment("Oslo", new Parcel(500), new Parcel(1200)));
			assertThat(lost.getId().value()).startsWith("ship_");
			assertThat(lost.getParcels()).extracting(parcel -> parcel.getId().value()).allMatch(id -> id.startsWith("parcel_"));

			// the columns hold the bodies' bits, as independent decoders read the IDs
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			Object stored = jdbc.queryForObject("select id from shipment", Object.class);
			assertThat(UUID.fromString(stored.toString())).isEqualTo(Ulid.from(body(lost.getId().value())).toUuid());
			List<byte[]> parcels = jdbc.queryForList("select id from parcel order by shipment_key", byte[].class);
			assertThat(parcels).hasSize(2);
			for (int i = 0; i < 2; i++) {
				assertThat(parcels.get(i)).isEqualTo(Ksuid.from(body(lost.getParcels().get(i).getId().value())).toBytes());
			}

			Shipment resent = new Shipment("Oslo", new Parcel(500));
			resent.replace(lost.getId());
			resent = shipments.save(resent);
			Shipment found = shipments.findById(lost.getId()).orElseThrow();
			assertThat(found.getId()).isEqualTo(lost.getId());
			assertThat(found.getParcels()).extracting(Parcel::getId)
				.containsExactly(lost.getParcels().get(0).getId(), lost.getParcels().get(1).getId());
			assertThat(shipments.findAllById(List.of(lost.getId(), resent.getId()))).hasSize(2);
			assertThat(shipments.findByDestination("Oslo")).extracting(Shipment::getId)
				.containsExactlyInAnyOrder(lost.getId(), resent.getId());
			// a reference to another aggregate, and a derived query's typed parameter
			assertThat(shipments.findByReplaces(lost.getId())).get()
				.satisfies(replacement -> assertThat(replacement.getReplaces().getId()).isEqualTo(lost.getId()));
			// an @Query parameter list: the uuid column sorts as the IDs do
			assertThat(shipments.inOrder(List.of(resent.getId(), lost.getId()))).extracting(Shipment::getId)
				.containsExactly(lost.getId(), resent.getId());

			// the retry-safe insert finds the stored aggregate by its binary ID and compares it
			InsertResult<Shipment> replay = shipments.insert(found);
			assertThat(replay.alreadyExisted()).isTrue();
			assertThat(shipments.count()).isEqualTo(2);
		});
	}

	@Test
	void aStringAttributeStoredAsBinaryFailsStartupNamingItAndTheTypedIdThatCanHoldIt() {
		DataJdbcContexts.withLibrary(Database.H2.newDatabase())
			.withUserConfiguration(LabelApplication.class)
			.withPropertyValues("time-sorted-id.schema-check.enabled=false")
			.run(context -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("Label.id")
					.contains("is to be stored as binary")
					.contains("spring-data-relational#1602");
				assertThat(analysis.getAction()).contains("record LabelId(String value) implements TypedId")
					.contains("time-sorted-id.entities.Label.storage=text");
			});
	}

	@Test
	void columnsThatCannotHoldTheBitsFailStartupWithAFixThatWorks() throws Exception {
		DataSource dataSource = Database.H2.newDatabase();
		// the shipment's IDs still in a text column, the parcels' KSUIDs in a uuid column of 16 bytes
		DataJdbcContexts.create(dataSource, ShippingApplication.DDL.replace("{binary20}", "uuid")
			.replace("shipment (id uuid", "shipment (id varchar(40)"));
		shipping(dataSource).run(context -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
			assertThat(analysis.getDescription()).containsIgnoringCase("column 'id' (Shipment.id) is")
				.contains("a text column, but its uuidv7 IDs are stored as binary, 16 bytes")
				.containsIgnoringCase("column 'id' (Parcel.id) is uuid, a uuid column of 16 bytes, but its ksuid IDs are stored as binary, 20 bytes");
			// the annotation says BINARY: only the entity's setting overrides it, not time-sorted-id.storage
			assertThat(analysis.getAction()).contains("time-sorted-id.entities.Shipment.storage=text, which wins over the annotation")
				.contains("Make it binary(20)");
		});
	}

	private static ApplicationContextRunner shipping(DataSource dataSource) {
		return DataJdbcContexts.withLibrary(dataSource).withUserConfiguration(ShippingApplication.class);
	}

	private static String body(String id) {
		return id.substring(id.indexOf('_') + 1);
	}

}
