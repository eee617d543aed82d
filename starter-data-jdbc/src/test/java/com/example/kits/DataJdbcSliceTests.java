package com.example.kits;

import io.github.timesortedid.TimeSortedIds;
import io.github.timesortedid.jdbc.TimeSortedIdJdbcAggregateTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test slice an application's repository tests use, {@code @DataJdbcTest}, gives aggregates their
 * IDs as the application does: Spring Boot's slice imports only the auto-configurations listed for
 * {@code @AutoConfigureDataJdbc}.
 */
// tag::slice[]
@DataJdbcTest(properties = "spring.sql.init.schema-locations=classpath:db/kits/schema.sql")
// end::slice[]
class DataJdbcSliceTests {

	@Autowired
	RobotRepository robots;

	@Autowired
	KitRepository kits;

	@Autowired
	JdbcAggregateTemplate template;

	@Autowired
	TimeSortedIds ids;

	@Test
	void aNewAggregateGetsItsId() {
		Robot robot = this.robots.save(new Robot("Bob"));
		assertThat(robot.getId()).isPositive();
		assertThat(this.robots.findById(robot.getId())).hasValueSatisfying((r) -> assertThat(r.getName()).isEqualTo("Bob"));
		Kit kit = new Kit("Small car");
		kit.setBooklet(new Booklet("Put the pieces together in order."));
		kit.addFigure("roadster", "A red roadster.");
		this.kits.save(kit);
		assertThat(kit.getId()).startsWith("kit_").hasSize(30);
		Kit loaded = this.kits.findById(kit.getId()).orElseThrow();
		// the booklet's key column is its back reference, written with the kit's ID
		assertThat(loaded.getBooklet().getId()).isEqualTo(kit.getId());
		assertThat(loaded.getFigures()).containsOnlyKeys("roadster");
	}

	@Test
	void anIdMintedAheadIsInsertedBySave() {
		assertThat(this.template).isInstanceOf(TimeSortedIdJdbcAggregateTemplate.class);
		Long id = this.ids.next(Robot.class);
		Robot robot = new Robot("Stuart");
		robot.setId(id);
		this.robots.save(robot);
		assertThat(this.robots.findById(id)).hasValueSatisfying((r) -> assertThat(r.getName()).isEqualTo("Stuart"));
	}

}
