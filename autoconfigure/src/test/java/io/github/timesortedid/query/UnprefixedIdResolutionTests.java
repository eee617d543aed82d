package io.github.timesortedid.query;

import io.github.timesortedid.autoconfigure.fixtures.inheritance.Animal;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.Dog;
import io.github.timesortedid.autoconfigure.fixtures.inheritance.InheritanceApplication;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrdersApplication;
import io.github.timesortedid.autoconfigure.fixtures.orders.TrackingEvent;
import io.github.timesortedid.id.InvalidIdException;
import io.github.timesortedid.insert.RetrySafeInserter;
import io.github.timesortedid.model.ParsedId;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** IDs without a prefix (snowflake numbers, UUIDs) resolve when exactly one entity can have made them. */
class UnprefixedIdResolutionTests {

	@Test
	void aSnowflakeNumberResolvesToTheOneEntityThatMakesThem() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(InheritanceApplication.class)
			.web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:unprefixed-one", "time-sorted-id.entities.Invoice.prefix=inv",
					"time-sorted-id.entities.Receipt.prefix=rcp")
			.run()) {
			Dog dog = context.getBean(RetrySafeInserter.class).insert(new Dog("Rex", "Collie")).entity();
			IdResolver resolver = context.getBean(IdResolver.class);
			ParsedId parsed = resolver.parse(String.valueOf(dog.getId()));
			assertThat(parsed.entityName()).isEqualTo("Animal");
			assertThat(parsed.algorithm()).isEqualTo("snowflake");
			assertThat(parsed.createdAt()).isPresent();
			assertThat(resolver.find(String.valueOf(dog.getId()), Animal.class)).containsInstanceOf(Dog.class);
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.parse("pet_123"))
				.withMessageContaining("unknown prefix 'pet', and not an ID of Animal; known prefixes are inv, rcp, veh");
		}
	}

	@Test
	void aSnowflakeNumberInOtherDigitsThanAsciiIsNoId() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(InheritanceApplication.class)
			.web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:unprefixed-digits", "time-sorted-id.entities.Invoice.prefix=inv",
					"time-sorted-id.entities.Receipt.prefix=rcp")
			.run()) {
			Dog dog = context.getBean(RetrySafeInserter.class).insert(new Dog("Rex", "Collie")).entity();
			IdResolver resolver = context.getBean(IdResolver.class);
			String ascii = String.valueOf(dog.getId());
			// Arabic-Indic (U+0660..) and full-width (U+FF10..) digits of the same number, which
			// Long.parseLong reads as that number
			for (char zero : new char[] { '\u0660', '\uff10' }) {
				StringBuilder other = new StringBuilder();
				ascii.chars().forEach(digit -> other.append((char) (zero + digit - '0')));
				assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.parse(other.toString()))
					.withMessageContaining("not an ID of Animal");
				assertThatExceptionOfType(InvalidIdException.class)
					.isThrownBy(() -> resolver.find(other.toString(), Animal.class));
			}
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.parse("+" + ascii));
			assertThat(resolver.parse(ascii).body()).isEqualTo(ascii);
			assertThat(resolver.find(ascii, Animal.class)).containsInstanceOf(Dog.class);
		}
	}

	@Test
	void formatsSharedByTwoEntitiesAreAmbiguousAndSaySo() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(OrdersApplication.class)
			.web(WebApplicationType.NONE)
			.properties("spring.datasource.url=jdbc:h2:mem:unprefixed-two")
			.run()) {
			IdResolver resolver = context.getBean(IdResolver.class);
			TrackingEvent event = context.getBean(RetrySafeInserter.class).insert(new TrackingEvent("picked up")).entity();
			assertThat(resolver.parse(event.getId().toString()).entityName()).isEqualTo("TrackingEvent");
			assertThatExceptionOfType(InvalidIdException.class).isThrownBy(() -> resolver.parse("2124534447414968320"))
				.withMessageContaining("could be an ID of ")
				.withMessageContaining("Delivery")
				.withMessageContaining("Shipment")
				.withMessageContaining("give them prefixes");
		}
	}

}
