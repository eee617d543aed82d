package io.github.timesortedid.id;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class NounsTests {

	@ParameterizedTest
	@CsvSource({ "AccountId, an AccountId", "EventId, an EventId", "InvoiceId, an InvoiceId", "OrderId, an OrderId",
			"objectid, an objectid", "PostId, a PostId", "TicketId, a TicketId", "uuidv7, a uuidv7", "ulid, a ulid",
			"UserId, a UserId", "UnitId, a UnitId", "UpdateId, an UpdateId", "UmbrellaId, an UmbrellaId",
			"hex-ulid, a hex-ulid", "ksuid, a ksuid", "kuuid, a kuuid", "26-character body, a 26-character body",
			"8-character body, an 8-character body", "11-character body, an 11-character body",
			"18-character body, an 18-character body", "80-bit body, an 80-bit body",
			"110-bit body, a 110-bit body", "Order.id ID, an Order.id ID", "Long/long, a Long/long" })
	void theArticleFollowsHowTheNameIsSaid(String noun, String expected) {
		assertThat(Nouns.withArticle(noun)).isEqualTo(expected);
	}

}
