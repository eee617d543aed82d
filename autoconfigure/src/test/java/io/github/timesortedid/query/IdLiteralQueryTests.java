package io.github.timesortedid.query;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

import io.github.timesortedid.autoconfigure.fixtures.shapes.Course;
import io.github.timesortedid.autoconfigure.fixtures.shapes.CourseRepository;
import io.github.timesortedid.autoconfigure.fixtures.shapes.Student;
import io.github.timesortedid.autoconfigure.fixtures.shapes.StudentRepository;
import io.github.timesortedid.id.TypeId;
import io.github.timesortedid.sql.fixtures.SqlScripts;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.ShapesOnDatabase;
import jakarta.persistence.EntityManager;
import jakarta.persistence.metamodel.Type;
import org.hibernate.Session;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * JPQL that names IDs, in both storages, as the README's Storage section says it behaves. Text
 * storage takes ID literals, {@code str()}, {@code concat()} and {@code coalesce()} as strings.
 * Binary storage keeps the prefixed text in Java only: an ID literal is refused by HQL's type
 * check on every database (on MariaDB it used to pass and match no row), {@code str()} and
 * {@code concat()} see the stored UUID; parameters, a parameter bound with the ID's type and the
 * SQL helpers ({@code tsid_to_uuid}, {@code tsid_to_text}) are the ways to name and show IDs there.
 */
class IdLiteralQueryTests {

	private static final String REFUSED = "Cannot compare left expression of type";

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("io.github.timesortedid.testsupport.ShapesOnDatabase#databasesAndStorages")
	void idLiteralsFindTheirRowsInTextAndAreRefusedInBinary(Database database, String storage) {
		withRows(database, storage, (shapes, rows) -> {
			List<String> queries = List.of("select s.name from Student s where s.id = '" + rows.ada().getId() + "'",
					"select s.name from Student s where s.id <> '" + rows.alan().getId() + "'",
					"select s.name from Student s where s.id in ('" + rows.ada().getId()
							+ "', 'student_01m872h20keabr3vpgvgrycvjc')",
					"select c.title from Course c where c.id = '" + rows.logic().getId() + "'");
			for (String jpql : queries) {
				if (shapes.isBinary()) {
					assertThatIllegalArgumentException().as(shapes + " " + jpql)
						.isThrownBy(() -> strings(shapes, jpql))
						.withMessageContaining(REFUSED);
				}
				else {
					assertThat(strings(shapes, jpql)).as(shapes + " " + jpql).containsAnyOf("Ada", "Logic").hasSize(1);
				}
			}
		});
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("io.github.timesortedid.testsupport.ShapesOnDatabase#databasesAndStorages")
	void parametersAndTheSqlHelpersNameIdsInEitherStorage(Database database, String storage) {
		withRows(database, storage, (shapes, rows) -> {
			Student ada = rows.ada();
			Student alan = rows.alan();
			Course logic = rows.logic();
			assertThat(found(shapes, entityManager -> entityManager
				.createQuery("select s.name from Student s where s.id = :id", String.class)
				.setParameter("id", ada.getId())
				.getResultList())).as(shapes.toString()).containsExactly("Ada");
			assertThat(found(shapes, entityManager -> entityManager
				.createQuery("select s.name from Student s where s.id in :ids order by s.id", String.class)
				.setParameter("ids", List.of(alan.getId(), ada.getId()))
				.getResultList())).as(shapes.toString()).containsExactly("Ada", "Alan");
			assertThat(found(shapes, entityManager -> entityManager
				.createQuery("select c.title from Course c where c.id = :id", String.class)
				.setParameter("id", logic.getId())
				.getResultList())).as(shapes.toString()).containsExactly("Logic");
			if (shapes.isBinary() && database != Database.H2) {
				// README, "SQL helpers for TypeIDs": installed once per database, called through function()
				SqlScripts.run(database, shapes.dataSource(), "META-INF/time-sorted-id/sql/" + database.label() + ".sql");
				assertThat(strings(shapes, "select s.name from Student s where s.id = function('tsid_to_uuid', '"
						+ ada.getId() + "')")).as(shapes.toString()).containsExactly("Ada");
				assertThat(strings(shapes, "select concat('/students/', function('tsid_to_text', s.id, 'student')) "
						+ "from Student s where s.name = 'Ada'")).as(shapes.toString())
					.containsExactly("/students/" + ada.getId());
			}
		});
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("io.github.timesortedid.testsupport.ShapesOnDatabase#databasesAndStorages")
	void strAndConcatOfAnIdGiveTheTextTheColumnHolds(Database database, String storage) {
		withRows(database, storage, (shapes, rows) -> {
			Student ada = rows.ada();
			// text storage holds the ID; binary storage its UUID, which SQL's cast to text shows
			String held = shapes.isBinary() ? TypeId.parse(ada.getId()).uuid().toString() : ada.getId();
			assertThat(strings(shapes, "select str(s.id) from Student s where s.name = 'Ada'")).as(shapes.toString()).containsExactly(held);
			assertThat(strings(shapes, "select cast(s.id as String) from Student s where s.name = 'Ada'")).as(shapes.toString())
				.containsExactly(held);
			assertThat(strings(shapes, "select concat('/students/', s.id) from Student s where s.name = 'Ada'")).as(shapes.toString())
				.containsExactly("/students/" + held);
			// the attribute itself is always the prefixed text
			assertThat(strings(shapes, "select s.id from Student s where s.name = 'Ada'")).as(shapes.toString()).containsExactly(ada.getId());
		});
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("io.github.timesortedid.testsupport.ShapesOnDatabase#databasesAndStorages")
	void coalesceOfAnIdTakesAParameterBoundWithTheIdsType(Database database, String storage) {
		withRows(database, storage, (shapes, rows) -> {
			String jpql = "select coalesce(s.id, :none) from Student s where s.id = :id";
			assertThat(found(shapes, entityManager -> session(entityManager).createSelectionQuery(jpql, String.class)
				.setParameter("id", rows.ada().getId())
				.setParameter("none", rows.alan().getId(), idType(entityManager))
				.getResultList())).as(shapes.toString()).containsExactly(rows.ada().getId());
			if (shapes.isBinary() && database == Database.POSTGRESQL) {
				// a parameter inside a function is bound by its value's type: a varchar next to a uuid
				assertThatException().as(shapes.toString())
					.isThrownBy(() -> shapes.inTransaction(entityManager -> entityManager.createQuery(jpql, String.class)
						.setParameter("id", rows.ada().getId())
						.setParameter("none", rows.alan().getId())
						.getResultList()))
					.withStackTraceContaining("COALESCE types uuid and character varying cannot be matched");
			}
		});
	}

	/** Starts the shapes application on a fresh database and saves the rows the test names. */
	private static void withRows(Database database, String storage, BiConsumer<ShapesOnDatabase, Rows> test) {
		try (ShapesOnDatabase shapes = ShapesOnDatabase.start(database, storage)) {
			test.accept(shapes, Rows.save(shapes));
		}
	}

	/** Two students and a course, the rows every test names. */
	private record Rows(Student ada, Student alan, Course logic) {

		static Rows save(ShapesOnDatabase shapes) {
			StudentRepository students = shapes.bean(StudentRepository.class);
			return new Rows(students.save(new Student("Ada")), students.save(new Student("Alan")),
					shapes.bean(CourseRepository.class).save(new Course("Logic")));
		}

	}

	private static List<String> strings(ShapesOnDatabase shapes, String jpql) {
		return shapes.inTransaction(entityManager -> entityManager.createQuery(jpql, String.class).getResultList());
	}

	private static List<String> found(ShapesOnDatabase shapes, Function<EntityManager, List<String>> query) {
		return shapes.inTransaction(query);
	}

	private static Session session(EntityManager entityManager) {
		return entityManager.unwrap(Session.class);
	}

	@SuppressWarnings("unchecked")
	private static Type<String> idType(EntityManager entityManager) {
		return (Type<String>) entityManager.getMetamodel().entity(Student.class).getIdType();
	}

}
