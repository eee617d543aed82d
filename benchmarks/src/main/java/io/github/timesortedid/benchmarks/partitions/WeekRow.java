package io.github.timesortedid.benchmarks.partitions;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** The same row in a table partitioned by week, to see how lookups fare with many more partitions. */
@Entity
@Table(name = "week_row")
public class WeekRow extends BenchmarkRow {

}
