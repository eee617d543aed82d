import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import javax.lang.model.SourceVersion;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Checks what {@code mvn deploy} would upload for one published module against what Maven Central
 * requires (https://central.sonatype.org/publish/requirements/), without uploading anything. The
 * build runs it at {@code verify} in every published module (the parent POM's
 * {@code maven-central-check} execution), as a single-file program on the JDK that runs Maven, so
 * that it needs nothing from a repository.
 * <p>
 * It reads the files themselves, not Maven's model of the project: the POM that is deployed is the
 * flattened one, and a POM that only inherits its licenses from a parent that is not published has
 * none on Central. Checked:
 * <ul>
 * <li>the POM: its own groupId, artifactId and version (the expected ones), name, description, url,
 * at least one license with name and url, at least one developer with a name, scm with url and
 * connection; no parent (this build does not publish its parent), no repositories, no
 * {@code ${...}} left anywhere, and every dependency with a version. A {@code -SNAPSHOT} version is
 * accepted only as the module's own version in a snapshot build; {@code --release=true} accepts
 * none;</li>
 * <li>a BOM (packaging {@code pom}): managed dependencies of this groupId and version only, no
 * {@code import} of another BOM, and no dependencies of its own, so that importing it manages our
 * artifacts and nothing else;</li>
 * <li>a jar: the jar, {@code -sources.jar} and {@code -javadoc.jar} exist and are readable jars;
 * the jar's manifest has a legal {@code Automatic-Module-Name}; and it holds the entries given in
 * {@code --jar-entries};</li>
 * <li>in a release ({@code --release=true}), a signature ({@code .asc}) beside the POM and each of
 * the three jars, made by the {@code release} profile's maven-gpg-plugin, which a module lists before
 * the check so that it runs first (Central verifies the signatures themselves).</li>
 * </ul>
 * Every jar and signature must have been written by the running build ({@code --built-since}, the
 * build's start): one an earlier build left in {@code target} proves nothing.
 * <p>
 * Arguments: {@code --pom=FILE --coordinates=GROUP:ARTIFACT:VERSION --packaging=TYPE
 * --files=TARGET/FINALNAME --built-since=INSTANT [--jar-entries=PATH,PATH] [--release=true|false]}.
 * Every problem found is printed; the exit status is 1 if there is one.
 */
public final class MavenCentralCheck {

	private static final String SNAPSHOT = "-SNAPSHOT";

	private static final int MAX_SHOWN = 25;

	private final List<String> problems = new ArrayList<>();

	private final String groupId;

	private final String artifactId;

	private final String version;

	private final boolean release;

	private final Instant buildStart;

	private MavenCentralCheck(String coordinates, boolean release, Instant buildStart) {
		String[] parts = coordinates.split(":", -1);
		if (parts.length != 3) {
			throw new IllegalArgumentException("--coordinates must be GROUP:ARTIFACT:VERSION, not " + coordinates);
		}
		this.groupId = parts[0];
		this.artifactId = parts[1];
		this.version = parts[2];
		this.release = release;
		this.buildStart = buildStart;
	}

	/**
	 * Runs the check.
	 * @param args see the class description
	 * @throws Exception if the POM cannot be parsed at all
	 */
	public static void main(String[] args) throws Exception {
		Map<String, String> options = new HashMap<>();
		for (String arg : args) {
			int equals = arg.indexOf('=');
			if (!arg.startsWith("--") || equals < 0) {
				throw new IllegalArgumentException("expected --name=value, not " + arg);
			}
			options.put(arg.substring(2, equals), arg.substring(equals + 1));
		}
		MavenCentralCheck check = new MavenCentralCheck(required(options, "coordinates"),
				Boolean.parseBoolean(options.getOrDefault("release", "false")), buildStart(required(options, "built-since")));
		Path pom = Path.of(required(options, "pom"));
		String packaging = required(options, "packaging");
		check.pom(pom, packaging);
		if (packaging.equals("jar")) {
			List<String> entries = Arrays.stream(options.getOrDefault("jar-entries", "").split(","))
				.map(String::trim)
				.filter(entry -> !entry.isEmpty())
				.toList();
			check.jars(required(options, "files"), entries);
		}
		if (check.release) {
			check.signatures(required(options, "files"), packaging);
		}
		String module = check.groupId + ":" + check.artifactId + ":" + check.version;
		if (check.problems.isEmpty()) {
			System.out.println("Maven Central check: " + module + " (" + packaging + ") meets Maven Central's requirements"
					+ (check.release ? " for a release" : ""));
			return;
		}
		System.err.println("Maven Central check: " + module + " would be refused by Maven Central:");
		// a leaked BOM import alone makes thousands: the first ones say enough
		check.problems.stream().limit(MAX_SHOWN).forEach(problem -> System.err.println("  - " + problem));
		if (check.problems.size() > MAX_SHOWN) {
			System.err.println("  ... and " + (check.problems.size() - MAX_SHOWN) + " more");
		}
		System.err.println("(checked " + pom + ")");
		System.exit(1);
	}

	/** Maven's default {@code maven.build.timestamp}: the build's start in UTC, to the second. */
	private static Instant buildStart(String timestamp) {
		try {
			return Instant.parse(timestamp);
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("--built-since must be an ISO-8601 instant such as 2026-01-31T12:00:00Z "
					+ "(maven.build.timestamp in its default format), not " + timestamp, ex);
		}
	}

	private static String required(Map<String, String> options, String name) {
		String value = options.get(name);
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException("--" + name + " is required");
		}
		return value;
	}

	private void pom(Path file, String packaging) throws Exception {
		if (!Files.isRegularFile(file)) {
			this.problems.add("no POM to deploy at " + file + " (is the flatten-maven-plugin listed in the module?)");
			return;
		}
		// no age check here: the flatten plugin leaves the file alone when what it would write is the same
		DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
		factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
		factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
		Document document = factory.newDocumentBuilder().parse(file.toFile());
		Element project = document.getDocumentElement();

		unresolved(project, "project");
		Element parent = child(project, "parent");
		if (parent != null) {
			this.problems.add("names a parent (" + text(parent, "artifactId") + " " + text(parent, "version")
					+ "), which this build does not publish: deploy the flattened POM");
		}
		expect(project, "groupId", this.groupId);
		expect(project, "artifactId", this.artifactId);
		expect(project, "version", this.version);
		if (this.release && this.version.endsWith(SNAPSHOT)) {
			this.problems.add("version " + this.version + " is a snapshot, and this is a release");
		}
		String declaredPackaging = text(project, "packaging");
		if (!(declaredPackaging.isEmpty() ? "jar" : declaredPackaging).equals(packaging)) {
			this.problems.add("<packaging> is '" + declaredPackaging + "', expected '" + packaging + "'");
		}
		for (String name : List.of("name", "description", "url")) {
			if (text(project, name).isBlank()) {
				this.problems.add("no <" + name + ">");
			}
		}
		List<Element> licenses = children(child(project, "licenses"), "license");
		if (licenses.isEmpty()) {
			this.problems.add("no <licenses>");
		}
		for (Element license : licenses) {
			if (text(license, "name").isBlank() || text(license, "url").isBlank()) {
				this.problems.add("a <license> without <name> or <url>");
			}
		}
		List<Element> developers = children(child(project, "developers"), "developer");
		if (developers.isEmpty()) {
			this.problems.add("no <developers>");
		}
		for (Element developer : developers) {
			if (text(developer, "name").isBlank()) {
				this.problems.add("a <developer> without <name>");
			}
		}
		Element scm = child(project, "scm");
		if (scm == null) {
			this.problems.add("no <scm>");
		}
		else if (text(scm, "url").isBlank() || text(scm, "connection").isBlank()) {
			this.problems.add("<scm> without <url> or <connection>");
		}
		for (String name : List.of("repositories", "pluginRepositories")) {
			if (child(project, name) != null) {
				this.problems.add("declares <" + name + ">: what is on Central must resolve from Central alone");
			}
		}
		List<Element> dependencies = children(child(project, "dependencies"), "dependency");
		List<Element> managed = children(child(child(project, "dependencyManagement"), "dependencies"), "dependency");
		dependencies.forEach(this::dependencyVersion);
		managed.forEach(this::dependencyVersion);
		if (packaging.equals("pom")) {
			bom(dependencies, managed);
		}
	}

	/** A BOM manages this project's artifacts at this version, and nothing else. */
	private void bom(List<Element> dependencies, List<Element> managed) {
		if (!dependencies.isEmpty()) {
			this.problems.add("a BOM with <dependencies>: importing it would not bring them, and they are not ours to manage");
		}
		if (managed.isEmpty()) {
			this.problems.add("a BOM that manages no dependency");
		}
		for (Element dependency : managed) {
			String coordinates = text(dependency, "groupId") + ":" + text(dependency, "artifactId");
			if (!text(dependency, "groupId").equals(this.groupId) || !text(dependency, "version").equals(this.version)) {
				this.problems.add("the BOM manages " + coordinates + " " + text(dependency, "version")
						+ ": only " + this.groupId + " artifacts at " + this.version + " belong in it");
			}
			if (text(dependency, "scope").equals("import")) {
				this.problems.add("the BOM imports " + coordinates + ", whose versions would reach every user");
			}
		}
	}

	private void dependencyVersion(Element dependency) {
		String coordinates = text(dependency, "groupId") + ":" + text(dependency, "artifactId");
		String dependencyVersion = text(dependency, "version");
		if (dependencyVersion.isBlank()) {
			this.problems.add("dependency " + coordinates + " has no version");
		}
		else if (dependencyVersion.endsWith(SNAPSHOT) && (this.release || !dependencyVersion.equals(this.version))) {
			this.problems.add("dependency " + coordinates + " is at snapshot " + dependencyVersion);
		}
	}

	private void jars(String base, List<String> requiredEntries) {
		for (String suffix : List.of(".jar", "-sources.jar", "-javadoc.jar")) {
			Path file = Path.of(base + suffix);
			if (!Files.isRegularFile(file)) {
				this.problems.add("no " + file.getFileName() + " (every jar on Central comes with its sources and javadoc jars)");
				continue;
			}
			if (!builtByThisBuild(file)) {
				continue;
			}
			try (JarFile jar = new JarFile(file.toFile())) {
				if (suffix.equals(".jar")) {
					mainJar(jar, file, requiredEntries);
				}
			}
			catch (IOException ex) {
				this.problems.add(file.getFileName() + " is not a readable jar: " + ex.getMessage());
			}
		}
	}

	/** The files gpg writes beside what it signs: {@code FINALNAME.pom.asc}, {@code FINALNAME.jar.asc}, ... */
	private void signatures(String base, String packaging) {
		List<String> signed = packaging.equals("jar") ? List.of(".pom", ".jar", "-sources.jar", "-javadoc.jar") : List.of(".pom");
		for (String suffix : signed) {
			Path signature = Path.of(base + suffix + ".asc");
			if (!Files.isRegularFile(signature)) {
				this.problems.add("no signature " + signature.getFileName() + " (Central takes only signed files)");
			}
			else {
				builtByThisBuild(signature);
			}
		}
	}

	private boolean builtByThisBuild(Path file) {
		try {
			Instant modified = Files.getLastModifiedTime(file).toInstant();
			if (modified.isBefore(this.buildStart)) {
				this.problems.add(file.getFileName() + " was left by an earlier build (" + modified + "; this one started "
						+ this.buildStart + "): was its plugin skipped?");
				return false;
			}
			return true;
		}
		catch (IOException ex) {
			this.problems.add(file.getFileName() + " cannot be read: " + ex.getMessage());
			return false;
		}
	}

	private void mainJar(JarFile jar, Path file, List<String> requiredEntries) throws IOException {
		Manifest manifest = jar.getManifest();
		String name = (manifest != null) ? manifest.getMainAttributes().getValue("Automatic-Module-Name") : null;
		if (name == null || name.isBlank()) {
			this.problems.add(file.getFileName() + " has no Automatic-Module-Name in its manifest");
		}
		else if (!SourceVersion.isName(name)) {
			this.problems.add(file.getFileName() + " has Automatic-Module-Name " + name + ", which is not a legal module name");
		}
		for (String entry : requiredEntries) {
			if (jar.getEntry(entry) == null) {
				this.problems.add(file.getFileName() + " does not contain " + entry);
			}
		}
	}

	/** Its own, not inherited: the POM on Central has no parent to inherit from. */
	private void expect(Element project, String name, String expected) {
		String actual = text(project, name);
		if (!actual.equals(expected)) {
			this.problems.add("<" + name + "> is '" + actual + "', expected '" + expected + "'");
		}
	}

	/** Central takes a POM as it is: a property it cannot resolve stays in users' builds. */
	private void unresolved(Node node, String path) {
		if (node.getNodeType() == Node.TEXT_NODE && node.getNodeValue().contains("${")) {
			this.problems.add("unresolved " + node.getNodeValue().trim() + " in " + path);
		}
		NamedNodeMap attributes = node.getAttributes();
		for (int i = 0; attributes != null && i < attributes.getLength(); i++) {
			if (attributes.item(i).getNodeValue().contains("${")) {
				this.problems.add("unresolved " + attributes.item(i).getNodeValue() + " in " + path);
			}
		}
		NodeList children = node.getChildNodes();
		for (int i = 0; i < children.getLength(); i++) {
			Node child = children.item(i);
			unresolved(child, (child.getNodeType() == Node.ELEMENT_NODE) ? path + "/" + child.getNodeName() : path);
		}
	}

	private static Element child(Element parent, String name) {
		List<Element> found = children(parent, name);
		return found.isEmpty() ? null : found.get(0);
	}

	private static List<Element> children(Element parent, String name) {
		List<Element> found = new ArrayList<>();
		if (parent == null) {
			return found;
		}
		NodeList nodes = parent.getChildNodes();
		for (int i = 0; i < nodes.getLength(); i++) {
			if (nodes.item(i) instanceof Element element && element.getTagName().equals(name)) {
				found.add(element);
			}
		}
		return found;
	}

	private static String text(Element parent, String name) {
		Element element = child(parent, name);
		return (element != null) ? element.getTextContent().trim() : "";
	}

}
