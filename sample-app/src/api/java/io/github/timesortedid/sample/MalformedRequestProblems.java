package io.github.timesortedid.sample;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat refuses some requests before any servlet sees them: a path with {@code %00}, an encoded
 * {@code /} or {@code \}, bytes that are not UTF-8, a request line over the header size limit. Its
 * host's error report valve answered those with an HTML page, breaking the API's promise that every
 * error is {@code application/problem+json}; this replaces that valve with one that writes a problem.
 */
@Configuration(proxyBeanMethods = false)
class MalformedRequestProblems {

	@Bean
	WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> problemErrorReports() {
		return factory -> factory.addContextCustomizers(context -> {
			Pipeline pipeline = context.getParent().getPipeline();
			// Spring Boot adds an HTML valve of its own; whichever valve sits nearer the end reports first
			for (Valve valve : pipeline.getValves()) {
				if (valve instanceof ErrorReportValve) {
					pipeline.removeValve(valve);
				}
			}
			pipeline.addValve(new ProblemReportValve());
			// else the starting host, finding no valve of its configured class, adds a default HTML one
			if (context.getParent() instanceof StandardHost host) {
				host.setErrorReportValveClass(ProblemReportValve.class.getName());
			}
		});
	}

	static final class ProblemReportValve extends ErrorReportValve {

		private static final JsonMapper JSON = new JsonMapper();

		@Override
		protected void report(Request request, Response response, Throwable throwable) {
			int status = response.getStatus();
			if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
				return;
			}
			AtomicBoolean ioAllowed = new AtomicBoolean(true);
			response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
			if (!ioAllowed.get()) {
				return;
			}
			HttpStatus known = HttpStatus.resolve(status);
			Map<String, Object> problem = new LinkedHashMap<>();
			problem.put("type", "about:blank");
			problem.put("title", (known != null) ? known.getReasonPhrase() : "Error");
			problem.put("status", status);
			if (status < 500) {
				// deliberately not Tomcat's own message, which may echo internals
				problem.put("detail", "The server refused the request before the application saw it: its URL, query "
						+ "string or headers are malformed or too long");
			}
			try {
				response.setContentType("application/problem+json");
				response.setCharacterEncoding("UTF-8");
				PrintWriter writer = response.getReporter();
				if (writer != null) {
					writer.write(JSON.writeValueAsString(problem));
					response.finishResponse();
				}
			}
			catch (IOException | IllegalStateException ex) {
				// the connection is gone or the response already started: nothing more can be sent
			}
		}

	}

}
