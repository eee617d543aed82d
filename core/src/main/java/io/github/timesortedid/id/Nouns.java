package io.github.timesortedid.id;

/**
 * The indefinite article for names in messages, so that they read "an {@code AccountId}" and "an
 * {@code objectid} body" but "a {@code PostId}" and "a {@code uuidv7} body".
 */
public final class Nouns {

	private Nouns() {
	}

	/**
	 * Puts "a" or "an" before a name, by how English speakers say its first letters.
	 * @param noun a class, entity or algorithm name
	 * @return {@code "a " + noun} or {@code "an " + noun}
	 */
	public static String withArticle(String noun) {
		return (startsWithVowelSound(noun) ? "an " : "a ") + noun;
	}

	private static boolean startsWithVowelSound(String noun) {
		if (noun.isEmpty()) {
			return false;
		}
		char first = Character.toLowerCase(noun.charAt(0));
		if (Character.isDigit(first)) {
			// "an 8-character body", "an 11-character body", "an 18-...", but "a 26-character body"
			int digits = 0;
			while (digits < noun.length() && Character.isDigit(noun.charAt(digits))) {
				digits++;
			}
			String number = noun.substring(0, digits);
			return first == '8' || (digits % 3 == 2 && (number.startsWith("11") || number.startsWith("18")));
		}
		if (first == 'u') {
			// said "you" in "a uuidv7", "a ulid", "a UserId", "a UnitId"; but "an UpdateId", "an UmbrellaId"
			boolean saidYou = noun.length() > 1 && Character.toLowerCase(noun.charAt(1)) == 'u'
					|| noun.length() > 2 && !isVowel(noun.charAt(1)) && isVowel(noun.charAt(2));
			return !saidYou;
		}
		return isVowel(first);
	}

	private static boolean isVowel(char c) {
		return "aeiou".indexOf(Character.toLowerCase(c)) >= 0;
	}

}
