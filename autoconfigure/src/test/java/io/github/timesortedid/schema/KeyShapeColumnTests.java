package io.github.timesortedid.schema;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.timesortedid.autoconfigure.fixtures.shapes.Course;
import io.github.timesortedid.autoconfigure.fixtures.shapes.CourseRepository;
import io.github.timesortedid.autoconfigure.fixtures.shapes.Enrolment;
import io.github.timesortedid.autoconfigure.fixtures.shapes.EnrolmentKey;
import io.github.timesortedid.autoconfigure.fixtures.shapes.EnrolmentRepository;
import io.github.timesortedid.autoconfigure.fixtures.shapes.Student;
import io.github.timesortedid.autoconfigure.fixtures.shapes.StudentCard;
import io.github.timesortedid.autoconfigure.fixtures.shapes.StudentCardRepository;
import io.github.timesortedid.autoconfigure.fixtures.shapes.StudentProfile;
import io.github.timesortedid.autoconfigure.fixtures.shapes.StudentProfileKey;
import io.github.timesortedid.autoconfigure.fixtures.shapes.StudentProfileRepository;
import io.github.timesortedid.autoconfigure.fixtures.shapes.StudentRepository;
import io.github.timesortedid.testsupport.Database;
import io.github.timesortedid.testsupport.ShapesOnDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every column that holds or references a {@code @TimeSortedId} key gets the key's column type
 * when Hibernate creates the schema, in both storages, whatever shape the reference has: the
 * target of a plain {@code @ManyToMany} and its join table, an {@code @EmbeddedId} and an
 * {@code @Id} filled through {@code @MapsId}, an {@code @IdClass} of two {@code @Id @ManyToOne},
 * a read-only basic copy of a foreign key. The schema check is on, so a
 * column Hibernate made of the wrong type stops startup; rows then go in, come back and join.
 */
class KeyShapeColumnTests {

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("io.github.timesortedid.testsupport.ShapesOnDatabase#databasesAndStorages")
	void theTargetOfAManyToManyAndItsJoinColumnsHoldTheKeysType(Database database, String storage) {
		try (ShapesOnDatabase shapes = ShapesOnDatabase.start(database, storage)) {
			shapes.assertIdColumns("student.id", "course.id", "course_students.course_id", "course_students.students_id");
			StudentRepository students = shapes.bean(StudentRepository.class);
			Student ada = students.save(new Student("Ada"));
			Student alan = students.save(new Student("Alan"));
			Course course = new Course("Logic");
			course.getStudents().addAll(List.of(ada, alan));
			shapes.bean(CourseRepository.class).save(course);
			List<String> names = shapes.inTransaction(entityManager -> entityManager
				.createQuery("select s.name from Course c join c.students s where c.id = :id order by s.name", String.class)
				.setParameter("id", course.getId())
				.getResultList());
			assertThat(names).as(shapes.toString()).containsExactly("Ada", "Alan");
			List<String> loaded = shapes.inTransaction(entityManager -> entityManager.find(Course.class, course.getId())
				.getStudents()
				.stream()
				.map(Student::getId)
				.sorted()
				.toList());
			assertThat(loaded).as(shapes.toString()).containsExactlyElementsOf(Stream.of(ada.getId(), alan.getId()).sorted().toList());
		}
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("io.github.timesortedid.testsupport.ShapesOnDatabase#databasesAndStorages")
	void derivedKeyColumnsHoldTheReferencedKeysType(Database database, String storage) {
		try (ShapesOnDatabase shapes = ShapesOnDatabase.start(database, storage)) {
			shapes.assertIdColumns("student_profile.student_id", "student_card.student_id", "enrolment.course_id",
					"enrolment.student_id");
			// and exactly the key's: length and collation too, which the DDL writes from the table's column
			JdbcTemplate jdbc = new JdbcTemplate(shapes.dataSource());
			String studentKey = ColumnInspector.describe(database, jdbc, "student", "id");
			String courseKey = ColumnInspector.describe(database, jdbc, "course", "id");
			assertThat(Map.of("student_profile.student_id", ColumnInspector.describe(database, jdbc, "student_profile", "student_id"),
					"student_card.student_id", ColumnInspector.describe(database, jdbc, "student_card", "student_id"),
					"enrolment.student_id", ColumnInspector.describe(database, jdbc, "enrolment", "student_id"),
					"enrolment.course_id", ColumnInspector.describe(database, jdbc, "enrolment", "course_id")))
				.as(shapes.toString())
				.isEqualTo(Map.of("student_profile.student_id", studentKey, "student_card.student_id", studentKey,
						"enrolment.student_id", studentKey, "enrolment.course_id", courseKey));
			Student ada = shapes.bean(StudentRepository.class).save(new Student("Ada"));
			Course course = shapes.bean(CourseRepository.class).save(new Course("Logic"));
			shapes.bean(StudentProfileRepository.class).save(new StudentProfile(ada, "en", "Poet of numbers"));
			shapes.bean(StudentCardRepository.class).save(new StudentCard(ada, "L-1815"));
			shapes.bean(EnrolmentRepository.class).save(new Enrolment(course, ada, LocalDate.of(1843, 7, 10)));
			StudentProfileKey profileKey = new StudentProfileKey(ada.getId(), "en");
			assertThat(shapes.bean(StudentProfileRepository.class).findById(profileKey)).as(shapes.toString())
				.get()
				.extracting(StudentProfile::getHeadline)
				.isEqualTo("Poet of numbers");
			assertThat(shapes.bean(StudentCardRepository.class).findById(ada.getId())).as(shapes.toString())
				.get()
				.extracting(StudentCard::getNumber)
				.isEqualTo("L-1815");
			EnrolmentKey enrolmentKey = new EnrolmentKey(course.getId(), ada.getId());
			Enrolment enrolment = shapes.bean(EnrolmentRepository.class).findById(enrolmentKey).orElseThrow();
			assertThat(enrolment.getEnrolledOn()).as(shapes.toString()).isEqualTo(LocalDate.of(1843, 7, 10));
			assertThat(enrolment.getStudentId()).as(shapes.toString()).isEqualTo(ada.getId());
			List<String> joined = shapes.inTransaction(entityManager -> entityManager
				.createQuery("select concat(s.name, ' ', p.headline, ' ', c.title) from Enrolment e join e.student s "
						+ "join e.course c join StudentProfile p on p.student = s where s.id = :student", String.class)
				.setParameter("student", ada.getId())
				.getResultList());
			assertThat(joined).as(shapes.toString()).containsExactly("Ada Poet of numbers Logic");
			String profileStudent = shapes.inTransaction(entityManager -> entityManager
				.createQuery("select p.id.studentId from StudentProfile p where p.student.name = 'Ada'", String.class)
				.getSingleResult());
			assertThat(profileStudent).as(shapes.toString()).isEqualTo(ada.getId());
		}
	}

}
