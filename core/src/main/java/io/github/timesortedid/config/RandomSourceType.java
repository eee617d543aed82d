package io.github.timesortedid.config;

import io.github.timesortedid.id.RandomSource;

/** Where random bits come from. */
public enum RandomSourceType {

	/** A CSPRNG: AES-256 keystreams in counter mode, reseeded from the system's DRBG. */
	SECURE {

		@Override
		public RandomSource create() {
			return RandomSource.secure();
		}

	},

	/** ThreadLocalRandom: faster, not for secrets. */
	FAST {

		@Override
		public RandomSource create() {
			return RandomSource.fast();
		}

	};

	/**
	 * Returns the source this choice stands for.
	 * @return the random source
	 */
	public abstract RandomSource create();

}
