package io.github.timesortedid.sample;

import java.net.URI;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
class SessionController {

	private final SessionRepository sessions;

	private final AccountRepository accounts;

	private final Ids ids;

	SessionController(SessionRepository sessions, AccountRepository accounts, Ids ids) {
		this.sessions = sessions;
		this.accounts = accounts;
		this.ids = ids;
	}

	@PostMapping("/sessions")
	ResponseEntity<SessionView> create(@Valid @RequestBody CreateSession request) {
		String accountId = this.ids.check("Account", "accountId", request.accountId());
		Account account = this.accounts.findById(accountId)
			.orElseThrow(() -> new InvalidReferenceException("accountId", "Account " + accountId + " does not exist"));
		Session session = this.sessions.save(new Session(account));
		return ResponseEntity.created(URI.create("/sessions/" + session.getToken()))
			.body(new SessionView(session.getToken(), accountId));
	}

	record CreateSession(@NotBlank String accountId) {
	}

	record SessionView(String token, String accountId) {
	}

}
