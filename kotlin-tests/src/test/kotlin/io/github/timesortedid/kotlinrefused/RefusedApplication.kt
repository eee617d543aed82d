package io.github.timesortedid.kotlinrefused

import io.github.timesortedid.IdPrefix
import io.github.timesortedid.TimeSortedId
import io.github.timesortedid.TypedId
import jakarta.persistence.Entity
import jakarta.persistence.Id
import org.springframework.boot.autoconfigure.SpringBootApplication

/** An application whose only entity has an ID startup must refuse; outside the Kotlin application's packages. */
@SpringBootApplication
class RefusedApplication

/** A value class with a prefix that holds a number: prefixed IDs are text. */
@JvmInline
@IdPrefix("cnt")
value class CounterId(val value: Long) : TypedId {
	override fun value() = "cnt_$value"
}

@Entity
class Counter {
	@Id
	@TimeSortedId(algorithm = "snowflake")
	var id: CounterId? = null
}
