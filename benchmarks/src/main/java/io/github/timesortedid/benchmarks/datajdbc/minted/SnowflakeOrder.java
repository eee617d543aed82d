package io.github.timesortedid.benchmarks.datajdbc.minted;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.benchmarks.datajdbc.OrderFields;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An order whose key the library makes as a {@code bigint}: a {@code snowflake} ID, as wide as the
 * identity key. Not a target: it tells what of a difference is the width of the text key.
 */
@Table
public class SnowflakeOrder extends OrderFields {

	@Id
	@TimeSortedId(algorithm = "snowflake")
	private Long id;

	private List<SnowflakeOrderLine> lines = new ArrayList<>();

	public static SnowflakeOrder create(long n) {
		SnowflakeOrder order = new SnowflakeOrder();
		order.fill(n);
		for (int line = 0; line < 2; line++) {
			order.lines.add(new SnowflakeOrderLine(product(n, line), quantity(n, line)));
		}
		return order;
	}

	public Long getId() {
		return this.id;
	}

	public List<SnowflakeOrderLine> getLines() {
		return this.lines;
	}

}
