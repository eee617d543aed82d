package io.github.timesortedid.sample;

import java.net.URI;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
class SessionController {

	private final SessionRepository sessions;

	private final AccountRepository accounts;

	SessionController(SessionRepository sessions, AccountRepository accounts) {
		this.sessions = sessions;
		this.accounts = accounts;
	}

	@PostMapping("/sessions")
	ResponseEntity<SessionView> create(@Valid @RequestBody CreateSession request) {
		Account account = this.accounts.findById(request.accountId())
			.orElseThrow(() -> new InvalidReferenceException("accountId",
					"Account " + request.accountId().value() + " does not exist"));
		Session session = this.sessions.save(new Session(account));
		return ResponseEntity.created(URI.create("/sessions/" + session.getToken().value()))
			.body(new SessionView(session.getToken(), account.getId()));
	}

	record CreateSession(@NotNull AccountId accountId) {
	}

	record SessionView(SessionId token, AccountId accountId) {
	}

}
