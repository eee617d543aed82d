package io.github.timesortedid.insert;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import javax.sql.DataSource;

import io.github.timesortedid.autoconfigure.fixtures.orders.Address;
import io.github.timesortedid.autoconfigure.fixtures.orders.Customer;
import io.github.timesortedid.autoconfigure.fixtures.orders.CustomerRepository;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrderLine;
import io.github.timesortedid.autoconfigure.fixtures.orders.OrdersApplication;
import io.github.timesortedid.autoconfigure.fixtures.orders.Packaging;
import io.github.timesortedid.autoconfigure.fixtures.orders.Parcel;
import io.github.timesortedid.autoconfigure.fixtures.orders.PurchaseOrder;
import io.github.timesortedid.autoconfigure.fixtures.orders.PurchaseOrderRepository;
import io.github.timesortedid.autoconfigure.fixtures.orders.Shipment;
import io.github.timesortedid.autoconfigure.fixtures.orders.TrackingEvent;
import io.github.timesortedid.id.BinaryIdFormat;
import io.github.timesortedid.model.TimeSortedIdRegistry;
import io.github.timesortedid.testsupport.CommitFault;
import io.github.timesortedid.testsupport.DataSourceWrapping;
import io.github.timesortedid.testsupport.StatementCounter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Retry-safe inserts of an aggregate shaped like real applications' entities (element collection,
 * cascaded children, an embeddable without equals(), {@code Instant.now()}, excess decimal scale,
 * an offset date-time, a primitive key), with a commit broken at a known point.
 */
@SpringBootTest(classes = { OrdersApplication.class, RealEntityInsertTests.Faults.class },
		properties = { "time-sorted-id.insert.initial-delay=1ms", "time-sorted-id.insert.jitter=0ms" })
class RealEntityInsertTests {

	static final CommitFault commits = new CommitFault();

	static final StatementCounter statements = new StatementCounter();

	@Autowired
	private RetrySafeInserter inserter;

	@Autowired
	private PurchaseOrderRepository orders;

	@Autowired
	private CustomerRepository customers;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private TimeSortedIdRegistry registry;

	@Autowired
	private PlatformTransactionManager transactionManager;

	private Customer customer;

	@BeforeEach
	void customer() {
		this.customer = this.customers.insert(new Customer("Ada")).entity();
		statements.reset();
	}

	@Test
	void aCommitThatRolledBackIsRetriedWithEveryTagAndLine() {
		PurchaseOrder order = order("failed-commit");
		commits.arm(CommitFault.Kind.FAILED);
		InsertResult<PurchaseOrder> result = this.inserter.insert(order);
		assertThat(result.created()).isTrue();
		assertThat(result.attempts()).isEqualTo(2);
		assertThat(count("purchase_order_tag WHERE purchase_order_id = ?", order.getId())).isEqualTo(2);
		assertThat(count("order_line WHERE order_id = ?", order.getId())).isEqualTo(3);
		assertThat(result.entity().getTags()).containsExactly("gift", "fragile");
		assertThat(result.entity().getLines()).hasSize(3);
	}

	@Test
	void aConnectionLostWhileReadingBackTheStoredRowIsRetried() {
		PurchaseOrder order = order("lost-read");
		commits.arm(CommitFault.Kind.LOST);
		commits.dropBeforeNextSelect();
		InsertResult<PurchaseOrder> result = this.inserter.insert(order);
		// 1: commit lost; 2: duplicate key, reading the row fails; 3: duplicate key, same row
		assertThat(result.attempts()).isEqualTo(3);
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(count("order_line WHERE order_id = ?", order.getId())).isEqualTo(3);
	}

	@Test
	void childIdsAreFixedBeforeTheFirstAttemptAndKeptByRetries() {
		PurchaseOrder order = order("child-ids");
		InsertResult<PurchaseOrder> result = this.inserter.insert(order);
		List<String> lineIds = order.getLines().stream().map(OrderLine::getId).toList();
		assertThat(lineIds).allSatisfy(id -> assertThat(id).startsWith("line_"));
		assertThat(new JdbcTemplate(this.dataSource).queryForList("SELECT id FROM order_line WHERE order_id = ?",
				Object.class, stored(result.entity().getId())))
			.containsExactlyInAnyOrderElementsOf(lineIds.stream().map(this::stored).toList());
	}

	@Test
	void aLostCommitOfValuesTheDatabaseRoundsIsRecognisedAsTheSameRow() {
		PurchaseOrder order = order("lost-commit");
		order.setPlacedAt(Instant.parse("2026-11-22T10:15:30.123456789Z"));
		commits.arm(CommitFault.Kind.LOST);
		InsertResult<PurchaseOrder> result = this.inserter.insert(order);
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(result.attempts()).isEqualTo(2);
		assertThat(count("purchase_order WHERE id = ?", order.getId())).isEqualTo(1);
		assertThat(count("order_line WHERE order_id = ?", order.getId())).isEqualTo(3);
		assertThat(result.entity().getTotal()).isEqualByComparingTo("12.35");
		assertThat(result.entity().getTags()).containsExactlyInAnyOrder("gift", "fragile");
	}

	@Test
	void anIdenticalRequestSentAgainIsNeverAConflict() {
		PurchaseOrder first = order("replay");
		this.inserter.insert(first);
		PurchaseOrder again = replayOf(first);
		InsertResult<PurchaseOrder> result = this.inserter.insert(again);
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(count("purchase_order WHERE id = ?", first.getId())).isEqualTo(1);
		assertThat(count("order_line WHERE order_id = ?", first.getId())).isEqualTo(3);
	}

	@Test
	void aReplayWithOtherCollectionContentsIsAConflictNamingThem() {
		PurchaseOrder first = order("collections");
		this.inserter.insert(first);
		PurchaseOrder other = replayOf(first);
		other.getTags().add("express");
		other.getLines().get(1).setQuantity(7);
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> this.inserter.insert(other))
			.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactlyInAnyOrder("tags", "lines"));
	}

	@Test
	void embeddablesAreComparedAttributeByAttribute() {
		PurchaseOrder first = order("embeddable");
		this.inserter.insert(first);
		PurchaseOrder moved = replayOf(first);
		moved.getShipTo().setCity("Lyon");
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> this.inserter.insert(moved))
			.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactly("shipTo.city"));
	}

	@Test
	void aDifferenceBeyondTheColumnsPrecisionIsNoDifferenceButOneWithinItIs() {
		PurchaseOrder first = order("precision");
		first.setPlacedAt(Instant.parse("2026-11-22T10:15:30.123456789Z"));
		this.inserter.insert(first);
		PurchaseOrder same = order("precision");
		same.setId(first.getId());
		same.setPlacedAt(Instant.parse("2026-11-22T10:15:30.123457Z"));
		same.setPromisedFor(first.getPromisedFor().withOffsetSameInstant(ZoneOffset.ofHours(2)));
		same.setTotal(new BigDecimal("12.347"));
		assertThat(this.inserter.insert(same).alreadyExisted()).isTrue();
		PurchaseOrder later = order("precision");
		later.setId(first.getId());
		later.setPlacedAt(Instant.parse("2026-11-22T10:15:30.123458Z"));
		later.setPromisedFor(first.getPromisedFor());
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> this.inserter.insert(later))
			.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactly("placedAt"));
	}

	@Test
	void aPrimitiveLongKeyIsFixedBeforeTheFirstAttempt() {
		Shipment shipment = new Shipment("DHL");
		commits.arm(CommitFault.Kind.LOST);
		InsertResult<Shipment> result = this.inserter.insert(shipment);
		assertThat(shipment.getId()).isPositive();
		assertThat(result.alreadyExisted()).isTrue();
		assertThat(count("shipment WHERE id = ?", shipment.getId())).isEqualTo(1);
	}

	@Test
	void typedAndUuidKeysAreFixedAndRetriedLikeStrings() {
		Parcel parcel = new Parcel(LocalDateTime.parse("2026-11-22T10:15:30.123456789"), UUID.randomUUID(),
				Set.of("fragile", "express"));
		commits.arm(CommitFault.Kind.LOST);
		assertThat(this.inserter.insert(parcel).alreadyExisted()).isTrue();
		assertThat(parcel.getId().value()).startsWith("parcel_");
		Parcel relabelled = new Parcel(LocalDateTime.parse("2026-11-22T10:15:30.123456789"), UUID.randomUUID(),
				Set.of("fragile"));
		relabelled.setId(parcel.getId());
		assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> this.inserter.insert(relabelled))
			.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactlyInAnyOrder("labels", "tracking"));

		TrackingEvent event = new TrackingEvent("handed over");
		commits.arm(CommitFault.Kind.FAILED);
		InsertResult<TrackingEvent> result = this.inserter.insert(event);
		assertThat(result.created()).isTrue();
		assertThat(result.attempts()).isEqualTo(2);
		assertThat(event.getId().version()).isEqualTo(7);
		assertThat(count("tracking_event WHERE id = ?", event.getId())).isOne();
	}

	@Test
	void theHappyPathSendsOneInsertPerRowAndNoSelect() {
		this.inserter.insert(order("happy"));
		// one order, three lines, two tags
		assertThat(statements.count("insert")).as(statements.statements().toString()).isEqualTo(6);
		assertThat(statements.count("select")).as(statements.statements().toString()).isZero();
		// Hibernate also UPDATEs the join column of a unidirectional @OneToMany (its mapping, not ours), and
		// the order once: its dirty check reads a JSON map's snapshot back with 3L as 3 and 1.25f as 1.25d,
		// and finds it changed at every flush (EntityManager.persist alone does the same)
		assertThat(statements.count("update")).as(statements.statements().toString()).isEqualTo(4);
	}

	@Test
	void insideATransactionTheInsertJoinsItAndRollsBackWithIt() {
		TransactionTemplate transaction = new TransactionTemplate(this.transactionManager);
		String[] id = new String[1];
		transaction.executeWithoutResult(status -> {
			// a parent the caller writes in the same transaction: a second connection would wait on it
			Customer grace = this.customers.save(new Customer("Grace"));
			PurchaseOrder order = new PurchaseOrder("in-transaction", grace);
			statements.reset();
			InsertResult<PurchaseOrder> result = this.inserter.insert(order);
			assertThat(result.created()).isTrue();
			// the caller's pending customer row is flushed with it; one primary-key lookup more, no other SELECT
			assertThat(statements.count("select")).as(statements.statements().toString()).isOne();
			assertThat(statements.count("insert")).as(statements.statements().toString()).isEqualTo(2);
			id[0] = order.getId();
			status.setRollbackOnly();
		});
		assertThat(count("purchase_order WHERE id = ?", id[0])).isZero();
	}

	@Test
	void aTransactionRetriedAsAWholeAfterALostCommitFindsItsRowsAndWritesNoSecond() {
		Customer grace = new Customer("Grace");
		PurchaseOrder order = new PurchaseOrder("whole-transaction", grace);
		order.getLines().add(new OrderLine("SKU-9", 1, new BigDecimal("1.005")));
		order.setTags(new ArrayList<>(List.of("b2b")));
		RetryTemplate retries = new RetryTemplate(RetryPolicy.builder()
			.maxRetries(3)
			.delay(Duration.ofMillis(1))
			.predicate(RetrySafeInserter::isTransient)
			.build());
		TransactionTemplate transaction = new TransactionTemplate(this.transactionManager);
		List<Boolean> created = new ArrayList<>();
		commits.arm(CommitFault.Kind.LOST);
		retries.invoke(() -> transaction.executeWithoutResult(status -> {
			created.add(this.customers.insert(grace).created());
			created.add(this.orders.insert(order).created());
		}));
		// the first run committed, its answer was lost; the second found both rows, identical
		assertThat(created).containsExactly(true, true, false, false);
		assertThat(count("customer WHERE id = ?", grace.getId())).isOne();
		assertThat(count("purchase_order WHERE id = ?", order.getId())).isOne();
		assertThat(count("order_line WHERE order_id = ?", order.getId())).isOne();
		assertThat(count("purchase_order_tag WHERE purchase_order_id = ?", order.getId())).isOne();
	}

	@Test
	void theCallersReferencesAreItsOwnAfterTheInsert() {
		PurchaseOrder order = order("references");
		this.inserter.insert(order);
		assertThat(order.getCustomer()).isSameAs(this.customer);
	}

	@Test
	void insideATransactionAReplayIsRecognisedAndADifferenceIsAConflict() {
		PurchaseOrder first = order("joined-replay");
		this.inserter.insert(first);
		TransactionTemplate transaction = new TransactionTemplate(this.transactionManager);
		transaction.executeWithoutResult(status -> {
			PurchaseOrder again = replayOf(first);
			statements.reset();
			assertThat(this.inserter.insert(again).alreadyExisted()).isTrue();
			assertThat(statements.count("insert")).isZero();
			again.setNote("changed");
			assertThatExceptionOfType(InsertConflictException.class).isThrownBy(() -> this.inserter.insert(again))
				.satisfies(ex -> assertThat(ex.getDifferingAttributes()).containsExactly("note"));
		});
		assertThat(count("purchase_order WHERE id = ?", first.getId())).isEqualTo(1);
	}

	private PurchaseOrder order(String reference) {
		PurchaseOrder order = new PurchaseOrder(reference, this.customer);
		order.setTotal(new BigDecimal("12.3456"));
		order.setPromisedFor(OffsetDateTime.of(2026, 12, 1, 9, 30, 0, 987654321, ZoneOffset.ofHours(2)));
		order.setShipTo(new Address("1 Rue de la Paix", "Paris", "75002"));
		order.setNote("Zustellung bitte bis 18 Uhr — merci ✓");
		order.setTags(new ArrayList<>(List.of("gift", "fragile")));
		order.getLines().add(new OrderLine("SKU-1", 1, new BigDecimal("3.999")));
		order.getLines().add(new OrderLine("SKU-2", 2, new BigDecimal("0.105")));
		order.getLines().add(new OrderLine("SKU-3", 3, new BigDecimal("10")));
		order.setPackaging(new Packaging(40, 30, 20));
		order.setRequestedAt(new Date(1_798_000_000_123L));
		order.setAttributes(new LinkedHashMap<>(Map.of("items", 3L, "weight", 1.25f)));
		return order;
	}

	/** The same request sent again: new objects with the same values and the first one's ID. */
	private PurchaseOrder replayOf(PurchaseOrder first) {
		PurchaseOrder again = order(first.getReference());
		again.setId(first.getId());
		again.setPlacedAt(first.getPlacedAt());
		again.setPromisedFor(first.getPromisedFor());
		return again;
	}

	private long count(String fromWhere, Object id) {
		Long count = new JdbcTemplate(this.dataSource).queryForObject("SELECT COUNT(*) FROM " + fromWhere, Long.class,
				stored(id));
		return (count != null) ? count : -1;
	}

	/**
	 * An ID as H2's column holds it: a {@code Long} or {@code UUID} as it is, text as it is, or with
	 * binary storage (see {@link RealEntityBinaryInsertTests}) the body's UUID or bytes.
	 */
	private Object stored(Object id) {
		if (!(id instanceof String text)) {
			return id;
		}
		BinaryIdFormat binary = this.registry.parse(text).field().binary();
		return (binary == null) ? text : binary.fitsUuid() ? binary.toUuid(text) : binary.toBytes(text);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Faults {

		@Bean
		static BeanPostProcessor breakCommits() {
			return DataSourceWrapping.with(dataSource -> statements.around(commits.around(dataSource)));
		}

	}

}
