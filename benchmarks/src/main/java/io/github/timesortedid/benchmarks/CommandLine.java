package io.github.timesortedid.benchmarks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The command line of a benchmark program: the options it accepts, each with its default and a line
 * of description, and a strict parser. {@code --help} or {@code -h} asks for the usage. An option that
 * is not declared, an option without its value and a number that is not one are refused with the
 * usage, so that a typo never starts a run of many minutes with the defaults.
 * @param command how the program is started, the first line of the usage
 * @param summary what the program does
 * @param options the options it accepts, in the order the usage lists them
 */
public record CommandLine(String command, String summary, List<Option> options) {

	/** The exit status of a refused command line: 2, the shells' status for misuse. */
	public static final int USAGE_ERROR = 2;

	private static final Set<String> HELP = Set.of("--help", "-h");

	/**
	 * Checks that no option is declared twice and that none is a help option.
	 * @param command how the program is started
	 * @param summary what the program does
	 * @param options the options it accepts
	 */
	public CommandLine {
		options = List.copyOf(options);
		Set<String> names = new HashSet<>(HELP);
		for (Option option : options) {
			if (!names.add(option.name())) {
				throw new IllegalArgumentException("option " + option.name() + " is declared twice or is a help option");
			}
		}
	}

	/**
	 * Parses the arguments of {@code main} and turns them into the program's settings.
	 * @param <T> the program's settings
	 * @param args the arguments, as {@code main} received them
	 * @param settings makes the settings from the parsed options; an {@link IllegalArgumentException}
	 * it throws refuses the command line with its message
	 * @return the settings to run with, a request for the usage, or the reason the arguments are refused
	 */
	public <T> Parsed<T> parse(String[] args, Function<Arguments, T> settings) {
		if (List.of(args).stream().anyMatch(HELP::contains)) {
			return new Help<>();
		}
		Set<String> flags = new HashSet<>();
		Map<String, String> values = new HashMap<>();
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			Optional<Option> declared = this.options.stream().filter(option -> option.name().equals(arg)).findFirst();
			if (declared.isEmpty()) {
				return new Refused<>("unknown option: " + arg);
			}
			Option option = declared.get();
			if (option.kind() == Kind.FLAG) {
				flags.add(arg);
				continue;
			}
			if (i + 1 == args.length) {
				return new Refused<>("option " + arg + " needs a value: " + arg + " " + option.kind().placeholder());
			}
			String value = args[++i];
			if (option.kind() == Kind.NUMBER && !isNumber(value)) {
				return new Refused<>("option " + arg + " takes a whole number from 0 to " + Integer.MAX_VALUE + ", not " + value);
			}
			values.put(arg, value);
		}
		try {
			return new Run<>(settings.apply(new Arguments(flags, values)));
		}
		catch (IllegalArgumentException ex) {
			return new Refused<>(Objects.requireNonNullElse(ex.getMessage(), ex.toString()));
		}
	}

	/**
	 * Parses the arguments of {@code main} as {@link #parse} does and acts on the outcome as a command
	 * does: the usage on standard output and exit status 0 for {@code --help}; the reason and the usage
	 * on standard error and exit status {@value #USAGE_ERROR} for a refused command line.
	 * @param <T> the program's settings
	 * @param args the arguments, as {@code main} received them
	 * @param settings makes the settings from the parsed options
	 * @return the settings to run with; the method does not return otherwise
	 */
	public <T> T parseOrExit(String[] args, Function<Arguments, T> settings) {
		Parsed<T> parsed = parse(args, settings);
		if (parsed instanceof Run<T> run) {
			return run.settings();
		}
		if (parsed instanceof Refused<T> refused) {
			System.err.print(refused.reason() + "\n\n" + usage());
			System.err.flush();
			System.exit(USAGE_ERROR);
		}
		System.out.print(usage());
		System.out.flush();
		System.exit(0);
		throw new AssertionError("System.exit returned");
	}

	/**
	 * The usage: how to start the program, what it does, and every option with its default and
	 * description.
	 * @return the usage, lines ending in {@code \n}
	 */
	public String usage() {
		List<String[]> rows = new ArrayList<>();
		for (Option option : this.options) {
			String name = (option.kind() == Kind.FLAG) ? option.name() : option.name() + " " + option.kind().placeholder();
			rows.add(new String[] { name, option.description() + " (default: " + option.defaultValue() + ")" });
		}
		rows.add(new String[] { "-h, --help", "print this help and exit" });
		int width = rows.stream().mapToInt(row -> row[0].length()).max().orElse(0);
		StringBuilder usage = new StringBuilder("Usage: ").append(this.command).append(" [options]\n\n");
		usage.append(this.summary).append("\n\nOptions:\n");
		for (String[] row : rows) {
			usage.append(String.format(Locale.ROOT, "  %-" + width + "s  %s", row[0], row[1])).append('\n');
		}
		return usage.toString();
	}

	private static boolean isNumber(String value) {
		if (value.isEmpty() || value.length() > 10 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
			return false;
		}
		return Long.parseLong(value) <= Integer.MAX_VALUE;
	}

	/** What an option takes. */
	public enum Kind {

		/** Nothing: present or not. */
		FLAG(""),

		/** A whole number from 0 to {@link Integer#MAX_VALUE}. */
		NUMBER("N"),

		/** A directory. */
		DIRECTORY("DIR");

		private final String placeholder;

		Kind(String placeholder) {
			this.placeholder = placeholder;
		}

		/**
		 * The value's name in the usage.
		 * @return {@code N}, {@code DIR}, or empty for a flag
		 */
		public String placeholder() {
			return this.placeholder;
		}

	}

	/**
	 * One option.
	 * @param name the option, with its leading dashes
	 * @param kind what it takes
	 * @param defaultValue what applies without it, as the usage shows it
	 * @param description what it does, one line
	 */
	public record Option(String name, Kind kind, String defaultValue, String description) {

		/**
		 * A flag, off unless given.
		 * @param name the option, with its leading dashes
		 * @param description what it does, one line
		 * @return the option
		 */
		public static Option flag(String name, String description) {
			return new Option(name, Kind.FLAG, "off", description);
		}

		/**
		 * An option taking a whole number, whose default is smaller with {@code --quick}.
		 * @param name the option, with its leading dashes
		 * @param defaultValue what applies without it
		 * @param quickDefault what applies without it when {@code --quick} is given
		 * @param description what it does, one line
		 * @return the option
		 */
		public static Option number(String name, int defaultValue, int quickDefault, String description) {
			return new Option(name, Kind.NUMBER,
					String.format(Locale.ROOT, "%,d; %,d with --quick", defaultValue, quickDefault), description);
		}

		/**
		 * An option taking a directory.
		 * @param name the option, with its leading dashes
		 * @param defaultValue what applies without it
		 * @param description what it does, one line
		 * @return the option
		 */
		public static Option directory(String name, String defaultValue, String description) {
			return new Option(name, Kind.DIRECTORY, defaultValue, description);
		}

	}

	/**
	 * The options of a command line that was accepted.
	 * @param flags the flags given
	 * @param values the value of each option given with one; the last one given counts
	 */
	public record Arguments(Set<String> flags, Map<String, String> values) {

		/**
		 * Copies the flags and values.
		 * @param flags the flags given
		 * @param values the value of each option given with one
		 */
		public Arguments {
			flags = Set.copyOf(flags);
			values = Map.copyOf(values);
		}

		/**
		 * Whether a flag was given.
		 * @param flag the flag
		 * @return {@code true} if it was
		 */
		public boolean has(String flag) {
			return this.flags.contains(flag);
		}

		/**
		 * The number given with an option.
		 * @param name the option
		 * @param fallback the default
		 * @return the number given, or the default
		 */
		public int number(String name, int fallback) {
			String value = this.values.get(name);
			return (value != null) ? Integer.parseInt(value) : fallback;
		}

		/**
		 * The text given with an option.
		 * @param name the option
		 * @param fallback the default
		 * @return the text given, or the default
		 */
		public String text(String name, String fallback) {
			return this.values.getOrDefault(name, fallback);
		}

	}

	/**
	 * What a command line asks for.
	 * @param <T> the program's settings
	 */
	public sealed interface Parsed<T> permits Run, Help, Refused {
	}

	/**
	 * A run with these settings.
	 * @param <T> the program's settings
	 * @param settings the settings
	 */
	public record Run<T>(T settings) implements Parsed<T> {
	}

	/**
	 * The usage, and no run.
	 * @param <T> the program's settings
	 */
	public record Help<T>() implements Parsed<T> {
	}

	/**
	 * A command line that is refused.
	 * @param <T> the program's settings
	 * @param reason why, one line
	 */
	public record Refused<T>(String reason) implements Parsed<T> {
	}

}
