package io.github.timesortedid.sample;

import java.util.List;

import io.github.timesortedid.TypedIds;
import io.github.timesortedid.insert.InsertConflictException;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.databind.DatabindException;

/**
 * Every error as {@code application/problem+json}: malformed IDs, parameters and bodies are 400
 * naming the parameter and why, unknown IDs 404, an ID already used for other data 409, references
 * to missing rows 422. Spring MVC's other errors come from the base class, also as problem details.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

	@ExceptionHandler
	ProblemDetail invalidParameter(InvalidParameterException ex) {
		return badParameter(ex.getParameter(), ex.getMessage());
	}

	@ExceptionHandler
	ProblemDetail notFound(NotFoundException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	/** The ID exists with other data: name the differing fields as the API calls them. */
	@ExceptionHandler
	ProblemDetail conflict(InsertConflictException ex) {
		List<String> fields = ex.getDifferingAttributes()
			.stream()
			.map(attribute -> attribute.equals("account") ? "accountId" : attribute)
			.toList();
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT,
				ex.getEntityName() + " " + TypedIds.text(ex.getId()) + " already exists with different " + String.join(", ", fields));
		problem.setTitle("ID already used");
		problem.setProperty("differingFields", fields);
		return problem;
	}

	@ExceptionHandler
	ProblemDetail invalidReference(InvalidReferenceException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_CONTENT, ex.getMessage());
		problem.setProperty("parameter", ex.getField());
		return problem;
	}

	/**
	 * Tomcat splits and decodes the query string only when a parameter is first read, inside argument
	 * resolution, and refuses one it cannot read (an empty name as in {@code ?=1}, bytes that are not
	 * UTF-8): without this handler that reached the servlet error page as plain JSON, not a problem.
	 * Named in full: this package has an InvalidParameterException of its own.
	 */
	@ExceptionHandler
	ProblemDetail unreadableQuery(org.apache.tomcat.util.http.InvalidParameterException ex) {
		HttpStatus status = HttpStatus.resolve(ex.getErrorCode());
		ProblemDetail problem = badParameter("query", "the query string cannot be read: " + ex.getMessage());
		if (status != null && status.is4xxClientError()) {
			problem.setStatus(status);
		}
		return problem;
	}

	// tag::type-mismatch[]
	/** A path variable or query parameter that does not convert: say which and why. */
	@Override
	protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		String parameter = (ex instanceof MethodArgumentTypeMismatchException)
				? ((MethodArgumentTypeMismatchException) ex).getName() : ex.getPropertyName();
		Throwable cause = ex.getMostSpecificCause();
		String reason = (cause != ex) ? cause.getMessage() : "cannot be read as " + ex.getRequiredType();
		return ResponseEntity.badRequest().body(badParameter(parameter, reason));
	}
	// end::type-mismatch[]

	// tag::not-readable[]
	/** A body that is not valid JSON for the request type: name the field Jackson stopped at. */
	@Override
	protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof DatabindException && !((DatabindException) cause).getPath().isEmpty()) {
				DatabindException databind = (DatabindException) cause;
				String field = databind.getPath().get(databind.getPath().size() - 1).getPropertyName();
				return ResponseEntity.badRequest().body(badParameter(field, databind.getOriginalMessage()));
			}
		}
		return ResponseEntity.badRequest().body(badParameter("body", "the body is not valid JSON"));
	}
	// end::not-readable[]

	private static ProblemDetail badParameter(String parameter, String reason) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, reason);
		problem.setTitle("Invalid " + parameter);
		problem.setProperty("parameter", parameter);
		return problem;
	}

}
