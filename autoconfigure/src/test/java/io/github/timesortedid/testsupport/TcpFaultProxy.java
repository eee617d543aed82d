package io.github.timesortedid.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of a database server that breaks the network the ways real ones break:
 * {@link #blackhole()} stops forwarding without closing anything, as a network that silently drops
 * packets does (a pulled cable, a firewall that drops, a server whose host died), and
 * {@link #lag(double, Duration)} holds some of the server's answers back, as a congested link or a
 * stalled server does, so that a client's read times out on them. It also reads the PostgreSQL
 * frontend protocol its clients send ({@link PostgresWire}), which counts their statements on the
 * wire, whatever pool or driver sent them.
 */
public final class TcpFaultProxy implements AutoCloseable {

	private final ServerSocket server;

	private final int targetPort;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private final PostgresWire wire = new PostgresWire();

	private final AtomicInteger lagged = new AtomicInteger();

	private volatile boolean blackhole;

	private volatile double lagProbability;

	private volatile Duration lag = Duration.ZERO;

	/**
	 * Starts forwarding a free port of the loopback interface to {@code targetPort} on it.
	 * @param targetPort the server's port
	 * @throws IOException if no port is free
	 */
	public TcpFaultProxy(int targetPort) throws IOException {
		this.targetPort = targetPort;
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		daemon(this::accept, "tcp-fault-proxy-accept");
	}

	/** The port clients connect to. */
	public int port() {
		return this.server.getLocalPort();
	}

	/** From now on, drops every byte in both directions and keeps every connection open. */
	public void blackhole() {
		this.blackhole = true;
	}

	/**
	 * From now on, holds each answer of the server back for {@code delay} with the given probability
	 * (an answer here is what one read of the server's socket returns: usually all the server wrote
	 * for one request); 0 forwards at once again.
	 * @param probability of each answer being held back
	 * @param delay how long
	 */
	public void lag(double probability, Duration delay) {
		this.lag = delay;
		this.lagProbability = probability;
	}

	/** How many answers were held back so far. */
	public int lagged() {
		return this.lagged.get();
	}

	/** The statements the clients sent so far, as the PostgreSQL protocol carries them. */
	public PostgresWire wire() {
		return this.wire;
	}

	/** Closes every connection, which ends the reads still waiting. */
	@Override
	public void close() throws IOException {
		this.server.close();
		for (Socket socket : this.sockets) {
			socket.close();
		}
	}

	private void accept() {
		try {
			while (!this.server.isClosed()) {
				Socket client = this.server.accept();
				Socket target = new Socket(InetAddress.getLoopbackAddress(), this.targetPort);
				this.sockets.add(client);
				this.sockets.add(target);
				PostgresWire.Reader reader = this.wire.newConnection();
				daemon(() -> pump(client, target, reader), "tcp-fault-proxy-up");
				daemon(() -> pump(target, client, null), "tcp-fault-proxy-down");
			}
		}
		catch (IOException ex) {
			// closed
		}
	}

	/** Forwards one direction; {@code reader} reads what a client sends, none the server's answers. */
	private void pump(Socket from, Socket to, PostgresWire.Reader reader) {
		byte[] buffer = new byte[8192];
		try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				if (this.blackhole) {
					continue;
				}
				if (reader != null) {
					reader.read(buffer, read);
				}
				else if (this.lagProbability > 0 && ThreadLocalRandom.current().nextDouble() < this.lagProbability) {
					this.lagged.incrementAndGet();
					Thread.sleep(this.lag.toMillis());
				}
				out.write(buffer, 0, read);
				out.flush();
			}
		}
		catch (IOException ex) {
			// one side closed
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void daemon(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
	}

}
