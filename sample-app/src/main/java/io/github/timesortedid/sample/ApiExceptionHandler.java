package io.github.timesortedid.sample;

import java.util.List;

import io.github.timesortedid.insert.InsertConflictException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error as {@code application/problem+json}: malformed IDs and bodies are 400 naming the
 * parameter, unknown IDs 404, an ID already used for other data 409, references to missing rows
 * 422. Spring MVC's own errors (unreadable
 * JSON, failed validation, wrong method) come from the base class, also as problem details.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

	@ExceptionHandler
	ProblemDetail invalidParameter(InvalidParameterException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setTitle("Invalid " + ex.getParameter());
		problem.setProperty("parameter", ex.getParameter());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail notFound(NotFoundException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	/** The ID exists with other data: name the differing fields as the API calls them. */
	@ExceptionHandler
	ProblemDetail conflict(InsertConflictException ex) {
		List<String> fields = ex.getDifferingAttributes().stream()
			.map(attribute -> attribute.equals("account") ? "accountId" : attribute)
			.toList();
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT,
				ex.getEntityName() + " " + ex.getId() + " already exists with different " + String.join(", ", fields));
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

}
