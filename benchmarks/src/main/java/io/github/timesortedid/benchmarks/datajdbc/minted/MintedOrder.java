package io.github.timesortedid.benchmarks.datajdbc.minted;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.TimeSortedId;
import io.github.timesortedid.benchmarks.datajdbc.OrderFields;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An order whose key the library makes: {@code ord_} and a uuidv7 body, in a {@code varchar(30)} column. */
@Table
public class MintedOrder extends OrderFields {

	@Id
	@TimeSortedId(prefix = "ord")
	private String id;

	private List<MintedOrderLine> lines = new ArrayList<>();

	public static MintedOrder create(long n) {
		MintedOrder order = new MintedOrder();
		order.fill(n);
		for (int line = 0; line < 2; line++) {
			order.lines.add(new MintedOrderLine(product(n, line), quantity(n, line)));
		}
		return order;
	}

	/** An order of an import file, whose ID was set before: by another system, or for the order's own time. */
	public static MintedOrder imported(long n, String id) {
		MintedOrder order = create(n);
		order.id = id;
		return order;
	}

	public String getId() {
		return this.id;
	}

	public List<MintedOrderLine> getLines() {
		return this.lines;
	}

}
