package com.example.kits;

/**
 * A figure a kit builds, in a map by name.
 * @param description what it looks like
 */
public record Figure(String description) {
}
