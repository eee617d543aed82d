/**
 * The ID algorithms and their building blocks: each algorithm's layout in a class of its own,
 * codecs and alphabets, random sources, the checked options, formats (prefix, separator, body),
 * prefix rules and typed exceptions for each kind of mistake.
 */
@NullMarked
package io.github.timesortedid.id;

import org.jspecify.annotations.NullMarked;
