package io.github.timesortedid.benchmarks.partitions;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** The same row in a table of one piece. */
@Entity
@Table(name = "whole_row")
public class WholeRow extends BenchmarkRow {

}
