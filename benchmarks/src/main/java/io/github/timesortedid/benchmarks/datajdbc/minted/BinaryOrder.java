package io.github.timesortedid.benchmarks.datajdbc.minted;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.IdStorage;
import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.benchmarks.datajdbc.OrderFields;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An order whose key is the library's {@code bord_} uuidv7 ID in Java, a typed ID (Spring Data JDBC
 * converts by type, so binary storage takes one), stored with binary storage as a 16-byte {@code uuid}. Not a target: with {@link MintedOrder} (the same IDs as text) and
 * {@link SnowflakeOrder} (an 8-byte key) it tells what of a difference is the stored key's width.
 */
@Table
public class BinaryOrder extends OrderFields {

	@Id
	@TimeSortedId(storage = IdStorage.BINARY)
	private OrderId id;

	private List<BinaryOrderLine> lines = new ArrayList<>();

	public static BinaryOrder create(long n) {
		BinaryOrder order = new BinaryOrder();
		order.fill(n);
		for (int line = 0; line < 2; line++) {
			order.lines.add(new BinaryOrderLine(product(n, line), quantity(n, line)));
		}
		return order;
	}

	public OrderId getId() {
		return this.id;
	}

	public List<BinaryOrderLine> getLines() {
		return this.lines;
	}

}
