package io.github.timesortedid.benchmarks.shardkeys;

import io.github.timesortedid.insert.InsertRepository;
import org.springframework.data.jpa.repository.JpaRepository;

/** The repositories of the sharding-key pairs: {@code insert()} where the starter makes the key, and {@code findById}. */
public final class KeyRowRepositories {

	private KeyRowRepositories() {
	}

	/** {@link TextModRow}s. */
	public interface TextMod extends JpaRepository<TextModRow, String>, InsertRepository<TextModRow> {

	}

	/** {@link TextHashRow}s. */
	public interface TextHash extends JpaRepository<TextHashRow, String>, InsertRepository<TextHashRow> {

	}

	/** {@link BinaryModRow}s. */
	public interface BinaryMod extends JpaRepository<BinaryModRow, String>, InsertRepository<BinaryModRow> {

	}

	/** {@link BinaryHashRow}s. */
	public interface BinaryHash extends JpaRepository<BinaryHashRow, String>, InsertRepository<BinaryHashRow> {

	}

	/** {@link SnowflakeModRow}s. */
	public interface SnowflakeMod extends JpaRepository<SnowflakeModRow, Long>, InsertRepository<SnowflakeModRow> {

	}

	/** {@link SnowflakeBuiltInRow}s: ShardingSphere makes their keys, so {@code save()} stores them. */
	public interface SnowflakeBuiltIn extends JpaRepository<SnowflakeBuiltInRow, Long> {

	}

}
