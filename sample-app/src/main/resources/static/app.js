// The front door: plain fetch calls to the sample app's REST API, no build step and no libraries.
'use strict';

(() => {
	const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`);

	/** Calls the API; a response that is not 2xx becomes an Error whose message is its problem detail. */
	async function api(method, path, body) {
		const headers = { Accept: 'application/json, application/problem+json' };
		if (body !== undefined) {
			headers['Content-Type'] = 'application/json';
		}
		const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
		const text = await response.text();
		let json = null;
		try {
			json = text ? JSON.parse(text) : null;
		}
		catch (ignored) {
			// not JSON: the status line says enough
		}
		if (!response.ok) {
			throw new Error(problemText(response, json));
		}
		return json;
	}

	/**
	 * An RFC 9457 problem as one sentence: the detail says why, the title (e.g. "Invalid title") what,
	 * unless the detail already starts with it ("Invalid ID 'x': ...").
	 */
	function problemText(response, problem) {
		if (!problem || !problem.detail) {
			return `${response.status} ${response.statusText}`;
		}
		const title = problem.title || '';
		return problem.detail.toLowerCase().startsWith(title.toLowerCase()) ? problem.detail
			: `${title}: ${problem.detail}`;
	}

	function show(element, text) {
		element.textContent = text;
		element.hidden = false;
	}

	function hide(...elements) {
		elements.forEach((element) => { element.hidden = true; });
	}

	function element(tag, attributes, ...children) {
		const node = document.createElement(tag);
		Object.entries(attributes || {}).forEach(([name, value]) => node.setAttribute(name, value));
		children.forEach((child) => node.append(child));
		return node;
	}

	// ---- mint an ID of each type

	async function loadTypes() {
		const container = byTestId('mint-buttons');
		try {
			const types = await api('GET', '/ids/types');
			container.replaceChildren(...types.map((type) => {
				const button = element('button', { type: 'button', 'data-testid': `mint-${type.prefix}`,
					'data-type': type.type, title: `${type.algorithm}, ${type.length} characters` },
				`New ${type.type} ID (${type.prefix}_…)`);
				button.addEventListener('click', () => mint(type));
				return button;
			}));
		}
		catch (error) {
			container.replaceChildren();
			show(byTestId('mint-error'), error.message);
		}
	}

	async function mint(type) {
		hide(byTestId('mint-error'));
		try {
			const minted = await api('GET', `/ids/new?type=${encodeURIComponent(type.prefix)}`);
			byTestId('minted-type').textContent = type.type;
			byTestId('minted-id').textContent = minted.id;
			byTestId('minted').hidden = false;
		}
		catch (error) {
			show(byTestId('mint-error'), error.message);
		}
	}

	// ---- describe any ID and draw its bit layout

	async function describe(id) {
		const description = byTestId('description');
		const error = byTestId('describe-error');
		hide(error);
		if (!id) {
			hide(description);
			show(error, 'Paste an ID first.');
			return;
		}
		try {
			render(await api('GET', `/ids/${encodeURIComponent(id)}`));
		}
		catch (failure) {
			hide(description);
			show(error, failure.message);
		}
	}

	function render(described) {
		byTestId('described-type').textContent = described.type;
		byTestId('described-prefix').textContent = described.prefix;
		byTestId('described-algorithm').textContent = described.algorithm;
		byTestId('described-created-at').textContent = described.createdAt
			|| `none: ${described.algorithm} IDs carry no time`;
		const total = described.segments.reduce((sum, segment) => sum + segment.bitLength, 0);
		byTestId('layout-total').textContent = total;
		const layout = byTestId('layout');
		layout.setAttribute('aria-label', 'Bit layout: ' + described.segments
			.map((segment) => `${segment.name} ${segment.bitLength} bits`).join(', '));
		// flex-grow in proportion to the bits, from a basis of 0: each box's width is its share of the total
		layout.replaceChildren(...described.segments.map((segment) => {
			const box = element('div', { class: `segment kind-${segment.kind.toLowerCase()}`, 'data-testid': 'segment',
				'data-name': segment.name, 'data-bits': segment.bitLength, 'data-offset': segment.bitOffset,
				title: `${segment.name}: bits ${segment.bitOffset}–${segment.bitOffset + segment.bitLength - 1}, ${segment.value}` },
			element('span', {}, segment.name));
			box.style.flexGrow = segment.bitLength;
			return box;
		}));
		byTestId('segment-rows').replaceChildren(...described.segments.map((segment) => element('tr',
			{ 'data-testid': 'segment-row', 'data-name': segment.name },
			element('th', { scope: 'row' }, element('span', { class: `swatch kind-${segment.kind.toLowerCase()}` }),
				element('code', {}, segment.name)),
			element('td', { 'data-testid': 'segment-bits' },
				`${segment.bitLength} (${segment.bitOffset}–${segment.bitOffset + segment.bitLength - 1})`),
			element('td', {}, segment.kind.toLowerCase()),
			element('td', { 'data-testid': 'segment-value' }, element('code', {}, segment.value),
				segment.instant ? ` = ${segment.instant}` : ''))));
		const description = byTestId('description');
		description.dataset.id = described.id;
		description.hidden = false;
	}

	// ---- accounts and posts

	async function createAccount(name) {
		const created = byTestId('created-account');
		const error = byTestId('account-error');
		hide(created, error);
		try {
			const account = await api('POST', '/accounts', { name });
			byTestId('post-account').value = account.id;
			show(created, `Account ${account.id} created; its ID is filled in below.`);
		}
		catch (failure) {
			show(error, failure.message);
		}
	}

	async function publish() {
		const created = byTestId('created-post');
		const error = byTestId('post-error');
		hide(created, error);
		// read by test ID, not as form.title: a form's own title property would shadow the field
		const title = byTestId('post-title');
		const body = byTestId('post-body');
		try {
			const post = await api('POST', '/posts', { accountId: byTestId('post-account').value.trim() || null,
				title: title.value, body: body.value });
			created.replaceChildren('Published ', element('a', { href: `/posts/${encodeURIComponent(post.id)}`,
				'data-testid': 'created-post-id' }, post.id), ` at ${post.createdAt}.`);
			created.hidden = false;
			title.value = '';
			body.value = '';
			await page('newest');
		}
		catch (failure) {
			show(error, failure.message);
		}
	}

	// ---- pages of posts, newest first, by keyset: before the last ID shown, or after the first

	const pages = { first: null, last: null, version: 0 };

	function pageSize() {
		const size = Number.parseInt(byTestId('page-size').value, 10);
		return Number.isNaN(size) ? 5 : Math.min(100, Math.max(1, size));
	}

	async function page(direction) {
		const size = pageSize();
		// one more than shown tells whether there is a further page
		const path = {
			newest: `/posts?order=desc&limit=${size + 1}`,
			older: `/posts?order=desc&before=${encodeURIComponent(pages.last)}&limit=${size + 1}`,
			newer: `/posts?after=${encodeURIComponent(pages.first)}&limit=${size + 1}`
		}[direction];
		const error = byTestId('posts-error');
		hide(error);
		try {
			const found = await api('GET', path);
			const more = found.length > size;
			// "after" pages come oldest first: the newest post shown is the last one
			const shown = direction === 'newer' ? found.slice(0, size).reverse() : found.slice(0, size);
			if (shown.length === 0 && direction !== 'newest') {
				return;
			}
			byTestId('newer').disabled = direction === 'newest' || (direction === 'newer' && !more);
			byTestId('older').disabled = direction !== 'newer' && !more;
			byTestId('posts-request').textContent = `GET ${path}`;
			showPosts(shown);
		}
		catch (failure) {
			show(error, failure.message);
		}
	}

	function showPosts(posts) {
		pages.first = posts.length ? posts[0].id : null;
		pages.last = posts.length ? posts[posts.length - 1].id : null;
		const list = byTestId('posts');
		list.replaceChildren(...posts.map((post) => element('li', { 'data-testid': 'post', 'data-id': post.id },
			element('strong', { 'data-testid': 'post-title' }, post.title), ' ',
			element('code', {}, post.id), ' ',
			element('time', { datetime: post.createdAt }, post.createdAt))));
		byTestId('posts-empty').hidden = posts.length > 0;
		pages.version += 1;
		list.dataset.version = pages.version;
	}

	// ---- wiring

	document.addEventListener('DOMContentLoaded', () => {
		byTestId('describe-form').addEventListener('submit', (event) => {
			event.preventDefault();
			describe(byTestId('describe-input').value.trim());
		});
		byTestId('minted-describe').addEventListener('click', () => {
			const id = byTestId('minted-id').textContent;
			byTestId('describe-input').value = id;
			describe(id);
		});
		byTestId('account-form').addEventListener('submit', (event) => {
			event.preventDefault();
			createAccount(byTestId('account-name').value);
		});
		byTestId('post-form').addEventListener('submit', (event) => {
			event.preventDefault();
			publish();
		});
		byTestId('newest').addEventListener('click', () => page('newest'));
		byTestId('newer').addEventListener('click', () => page('newer'));
		byTestId('older').addEventListener('click', () => page('older'));
		loadTypes();
		page('newest');
	});
})();
