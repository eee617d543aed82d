package io.github.timesortedid.testsupport;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The statements clients send to a PostgreSQL server, read from the frontend protocol itself
 * (PostgreSQL documentation, "Frontend/Backend Protocol", "Message Formats"): each simple query
 * ({@code Q}) and each execution of an extended-protocol portal ({@code E}) is one statement; the
 * SQL of each is taken from the {@code Q} or the last {@code P} (Parse) before it, the texts of
 * statements the driver had prepared server-side before from their names. Counted on the wire, it
 * does not depend on what the library or the pool say they sent.
 */
public final class PostgresWire {

	/** The protocol version of a StartupMessage (3.0); SSL and GSS requests and cancels carry other codes. */
	private static final int STARTUP = 196608;

	private final List<String> statements = new ArrayList<>();

	/**
	 * Starts reading a new connection's messages.
	 * @return what reads them, in order
	 */
	Reader newConnection() {
		return new Reader();
	}

	/** The SQL of every statement sent so far, in the order they arrived. */
	public synchronized List<String> statements() {
		return List.copyOf(this.statements);
	}

	/** Forgets the statements counted so far. */
	public synchronized void reset() {
		this.statements.clear();
	}

	private synchronized void executed(String sql) {
		this.statements.add(sql);
	}

	/** Reads one connection's bytes as they come, whole messages or not. */
	final class Reader {

		private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

		private final Map<String, String> prepared = new HashMap<>();

		private boolean started;

		private String lastParsed = "";

		void read(byte[] bytes, int length) {
			this.pending.write(bytes, 0, length);
			byte[] all = this.pending.toByteArray();
			int at = 0;
			while (true) {
				int header = this.started ? 5 : 4;
				if (all.length - at < header) {
					break;
				}
				int size = this.started ? readInt(all, at + 1) + 1 : readInt(all, at);
				if (size < header - 1 || all.length - at < size) {
					break;
				}
				if (this.started) {
					message((char) all[at], all, at + 5, at + size);
				}
				else if (size >= 8 && readInt(all, at + 4) == STARTUP) {
					this.started = true;
				}
				at += size;
			}
			this.pending.reset();
			this.pending.write(all, at, all.length - at);
		}

		private void message(char type, byte[] all, int from, int to) {
			switch (type) {
				case 'Q' -> executed(text(all, from, to));
				case 'P' -> {
					String name = text(all, from, to);
					this.lastParsed = text(all, from + name.getBytes(StandardCharsets.UTF_8).length + 1, to);
					if (!name.isEmpty()) {
						this.prepared.put(name, this.lastParsed);
					}
				}
				case 'B' -> {
					String portal = text(all, from, to);
					String statement = text(all, from + portal.getBytes(StandardCharsets.UTF_8).length + 1, to);
					if (!statement.isEmpty()) {
						this.lastParsed = this.prepared.getOrDefault(statement, statement);
					}
				}
				case 'E' -> executed(this.lastParsed);
				default -> {
					// Sync, Describe, Close, Flush, Terminate and the rest say nothing about statements
				}
			}
		}

		private static String text(byte[] all, int from, int to) {
			int end = from;
			while (end < to && all[end] != 0) {
				end++;
			}
			return new String(all, from, end - from, StandardCharsets.UTF_8);
		}

		private static int readInt(byte[] all, int at) {
			return ((all[at] & 0xff) << 24) | ((all[at + 1] & 0xff) << 16) | ((all[at + 2] & 0xff) << 8) | (all[at + 3] & 0xff);
		}

	}

}
