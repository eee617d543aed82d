package io.github.timesortedid.sample;

import java.net.URI;
import java.time.Instant;

import io.github.timesortedid.query.IdResolver;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
class AccountController {

	private final AccountRepository accounts;

	private final IdResolver ids;

	AccountController(AccountRepository accounts, IdResolver ids) {
		this.accounts = accounts;
		this.ids = ids;
	}

	@PostMapping("/accounts")
	ResponseEntity<AccountView> create(@Valid @RequestBody CreateAccount request) {
		Account account = this.accounts.save(new Account(request.name()));
		return ResponseEntity.created(URI.create("/accounts/" + account.getId().value())).body(view(account));
	}

	@GetMapping("/accounts/{id}")
	AccountView get(@PathVariable AccountId id) {
		return view(this.accounts.findById(id).orElseThrow(() -> new NotFoundException("Account", id.value())));
	}

	private AccountView view(Account account) {
		return new AccountView(account.getId(), account.getName(),
				this.ids.parse(account.getId().value()).createdAt().orElseThrow());
	}

	record CreateAccount(@NotBlank @Size(max = 255) String name) {
	}

	record AccountView(AccountId id, String name, Instant createdAt) {
	}

}
