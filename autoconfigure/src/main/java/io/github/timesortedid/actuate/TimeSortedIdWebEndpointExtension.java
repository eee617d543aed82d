package io.github.timesortedid.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * The {@code timesortedid} endpoint over HTTP: a request it refuses answers 400 with why in the
 * body. Spring Boot turns an {@link InvalidEndpointRequestException} into a 400 whose body holds
 * the reason only with {@code server.error.include-message=always}, which applications rarely set;
 * the integrations page promises a 400 that names what is wrong.
 */
@EndpointWebExtension(endpoint = TimeSortedIdEndpoint.class)
class TimeSortedIdWebEndpointExtension {

	private final TimeSortedIdEndpoint endpoint;

	TimeSortedIdWebEndpointExtension(TimeSortedIdEndpoint endpoint) {
		this.endpoint = endpoint;
	}

	/**
	 * Decodes an ID, as {@link TimeSortedIdEndpoint#decode(String)}.
	 * @param id any ID text
	 * @return what the ID says about itself, or a 400 whose JSON body's {@code message} says why it does not parse
	 */
	@ReadOperation
	public WebEndpointResponse<Object> decode(@Selector String id) {
		try {
			return new WebEndpointResponse<>(this.endpoint.decode(id));
		}
		catch (InvalidEndpointRequestException ex) {
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("status", WebEndpointResponse.STATUS_BAD_REQUEST);
			body.put("error", "Bad Request");
			body.put("message", ex.getReason());
			return new WebEndpointResponse<>(body, WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}

	/**
	 * Prints the DDL of an entity's partitioned tables, as {@link TimeSortedIdEndpoint#ddl(String, String)}.
	 * @param section {@code ddl}; any other answers 404
	 * @param entity the entity name, as {@code time-sorted-id.partitions} names it
	 * @return the script, a 404, or a 400 whose text says why there is no script
	 */
	@ReadOperation(produces = "text/plain")
	public WebEndpointResponse<String> ddl(@Selector String section, @Selector String entity) {
		try {
			String script = this.endpoint.ddl(section, entity);
			return (script != null) ? new WebEndpointResponse<>(script)
					: new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
		}
		catch (InvalidEndpointRequestException ex) {
			return new WebEndpointResponse<>(ex.getReason(), WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}

}
