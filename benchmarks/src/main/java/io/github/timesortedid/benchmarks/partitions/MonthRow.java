package io.github.timesortedid.benchmarks.partitions;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A row of the table partitioned by month. */
@Entity
@Table(name = "month_row")
public class MonthRow extends BenchmarkRow {

}
