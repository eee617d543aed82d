package io.github.timesortedid.jdbc.shipping;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** The shipping office: its package holds the shipment aggregate, whose IDs are stored as binary. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class ShippingApplication {

	/**
	 * The tables, as a user writes them: {@code uuid} for 128-bit IDs, {@code {binary20}} for the
	 * database's type of 20 bytes.
	 */
	public static final String DDL = """
			-- tag::ddl[]
			create table shipment (id uuid primary key, destination varchar(100), replaces uuid);
			create table parcel (id {binary20} primary key, shipment uuid not null, shipment_key int not null, grams int)
			-- end::ddl[]
			""";

}
