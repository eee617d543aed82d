package io.github.timesortedid.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy in front of a database server that can stop forwarding without closing anything, as
 * a network that silently drops packets does (a pulled cable, a firewall that drops, a server
 * whose host died): connections stay open, what a client sends is lost, and its reads wait for an
 * answer that never comes, until a timeout of its own ends them.
 */
public final class BlackholeProxy implements AutoCloseable {

	private final ServerSocket server;

	private final int targetPort;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private volatile boolean blackhole;

	/** Starts forwarding a free port of the loopback interface to {@code targetPort} on it. */
	public BlackholeProxy(int targetPort) throws IOException {
		this.targetPort = targetPort;
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		daemon(this::accept, "blackhole-proxy-accept");
	}

	/** The port clients connect to. */
	public int port() {
		return this.server.getLocalPort();
	}

	/** From now on, drops every byte in both directions and keeps every connection open. */
	public void blackhole() {
		this.blackhole = true;
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
				daemon(() -> pump(client, target), "blackhole-proxy-up");
				daemon(() -> pump(target, client), "blackhole-proxy-down");
			}
		}
		catch (IOException ex) {
			// closed
		}
	}

	private void pump(Socket from, Socket to) {
		byte[] buffer = new byte[8192];
		try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				if (!this.blackhole) {
					out.write(buffer, 0, read);
					out.flush();
				}
			}
		}
		catch (IOException ex) {
			// one side closed
		}
	}

	private static void daemon(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
	}

}
