package io.github.timesortedid.docs.json;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * A view of a comment, outside JPA: its {@code Long} ID a string by Jackson's own annotation.
 *
 * @param id the comment's snowflake ID
 * @param text the comment
 */
// tag::view[]
record CommentView(@JsonFormat(shape = JsonFormat.Shape.STRING) Long id, String text) {
}
// end::view[]
