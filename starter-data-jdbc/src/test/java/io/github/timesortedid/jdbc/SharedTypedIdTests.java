package io.github.timesortedid.jdbc;

import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.timesortedid.jdbc.depot.Bin;
import io.github.timesortedid.jdbc.depot.Carrier;
import io.github.timesortedid.jdbc.depot.Depot;
import io.github.timesortedid.jdbc.depot.DepotApplication;
import io.github.timesortedid.jdbc.depot.DepotRepository;
import io.github.timesortedid.jdbc.kernel.RegionId;
import io.github.timesortedid.model.DatabaseKind;
import io.github.timesortedid.testsupport.Database;
import org.junit.jupiter.api.Test;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Typed IDs declared outside the application's packages (a shared module's, as JPA applications have
 * them too) get their converters: those that the application's aggregates declare, found from the
 * repositories' domain and ID types and from {@code @Table} classes, through their properties, the
 * entities they hold and the {@code AggregateReference}s they keep.
 */
class SharedTypedIdTests {

	private static final String DDL = "create table carrier (id varchar(30) {bytes} primary key, name varchar(40));"
			+ "create table depot (id varchar(32) {bytes} primary key, city varchar(40), region varchar(30) {bytes},"
			+ " carrier varchar(30) {bytes});"
			+ "create table bin (id varchar(30) {bytes} primary key, depot varchar(32) {bytes} not null, depot_key int not null,"
			+ " label varchar(20))";

	@Test
	void typedIdsOfAnotherPackageAreStoredAsTheirTextAndFoundByThem() throws Exception {
		DataSource dataSource = Database.H2.newDatabase();
		DataJdbcContexts.create(dataSource, DDL);
		DataJdbcContexts.withLibrary(dataSource).withUserConfiguration(DepotApplication.class).run((context) -> {
			assertThat(context).hasNotFailed();
			Carrier carrier = context.getBean(JdbcAggregateTemplate.class).save(new Carrier("Northline"));
			DepotRepository depots = context.getBean(DepotRepository.class);
			Depot depot = depots
				.save(new Depot("Leeds", new RegionId("reg_north"), carrier.getId(), List.of(new Bin("A1"), new Bin("B2"))));

			assertThat(depot.getId().value()).startsWith("depot_");
			assertThat(depot.getBins()).allSatisfy((bin) -> assertThat(bin.getId().value()).startsWith("bin_"));
			Depot found = depots.findById(depot.getId()).orElseThrow();
			assertThat(found.getBins()).extracting(Bin::getLabel).containsExactly("A1", "B2");
			assertThat(found.getCarrier().getId()).isEqualTo(carrier.getId());
			assertThat(found.getRegion()).isEqualTo(new RegionId("reg_north"));
			assertThat(depots.findByCarrier(AggregateReference.to(carrier.getId()))).extracting(Depot::getId)
				.containsExactly(depot.getId());
			// each typed ID is one column holding its text
			Map<String, Object> row = new JdbcTemplate(dataSource).queryForMap("select id, region, carrier from depot");
			assertThat(row.values()).containsExactly(depot.getId().value(), "reg_north", carrier.getId().value());
			// the DDL of a typed ID no aggregate makes, kept as a value: text in the byte collation
			assertThat(context.getBean(AggregateIds.class).ddl("Depot", DatabaseKind.POSTGRESQL, null))
				.contains("\"region\" varchar(255) COLLATE \"C\"");
			assertThat(new JdbcTemplate(dataSource).queryForList("select id from bin order by depot_key", String.class))
				.containsExactly(depot.getBins().get(0).getId().value(), depot.getBins().get(1).getId().value());
		});
	}

}
