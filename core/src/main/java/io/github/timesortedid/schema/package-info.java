/**
 * The startup check of the columns that hold IDs, against the catalog of the database: type,
 * length and collation, with the DDL that fixes what is wrong.
 */
@NullMarked
package io.github.timesortedid.schema;

import org.jspecify.annotations.NullMarked;
